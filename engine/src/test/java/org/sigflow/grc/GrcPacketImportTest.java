package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.BlockInstance;
import org.sigflow.session.Engine;

/**
 * GRC's packet examples reach the packet blocks: a {@code variable_header_format_default} (access code 0: GNU
 * Radio's default) and a {@code digital.header_format_crc(…)} variable become the formatter's and parser's format
 * params, an unused header format variable is left out; a burst shaper's {@code firdes.window(…)} and
 * {@code fft.window.hann(…)} become {@code firdes_window(…)}; inline {@code gr.python_to_tag({…})} vector source tags
 * become the tag tuples SigFlow reads.
 */
class GrcPacketImportTest {
    private static Engine engine;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static String block(String name, String id, String params) {
        return GrcConstellationImportTest.block(name, id, params);
    }

    private static final String HEAD = "options:\n  parameters: {id: t, title: t}\n  states: {coordinate: [0, 0], "
            + "rotation: 0, state: enabled}\nblocks:\n";

    @Test
    void headerFormatsBecomeParams() throws Exception {
        String grc = HEAD
                + block("fmt", "variable_header_format_default", "access_code: '0'\nthreshold: thresh\nbps: '2'")
                + block("thresh", "variable", "value: '3'")
                + block("len_key", "variable", "value: '\"packet_len\"'")
                + block("crc_fmt", "variable", "value: digital.header_format_crc(len_key, \"num\")")
                + block("unused", "variable", "value: digital.header_format_counter("
                        + "digital.packet_utils.default_access_code, 1, 2)")
                + block("f", "digital_protocol_formatter_async", "format: fmt")
                + block("p", "digital_protocol_parser_b", "format: crc_fmt")
                + block("src", "blocks_null_source", "type: byte\nvlen: '1'\nnum_outputs: '1'")
                + "connections:\n- [src, '0', p, '0']\nmetadata: {file_format: 1}\n";
        ImportResult r = engine.grcImporter().importText(grc, "t.grc");
        BlockInstance f = r.graph().block("f").orElseThrow();
        assertEquals("default", f.params().get("format"));
        assertEquals("'1010110011011101101001001110001011110010100011000010000011111100'",
                f.params().get("access_code"));
        assertEquals("thresh", f.params().get("threshold"));
        assertEquals("2", f.params().get("bps"));
        BlockInstance p = r.graph().block("p").orElseThrow();
        assertEquals("crc", p.params().get("format"));
        assertEquals("len_key", p.params().get("len_key"));
        assertEquals("'num'", p.params().get("num_key").replace('"', '\''));
        assertFalse(r.graph().variables().containsKey("fmt"), "used only by the formatter");
        assertFalse(r.graph().variables().containsKey("crc_fmt"));
        assertFalse(r.graph().variables().containsKey("unused"), "an unused format configures nothing");
        assertTrue(r.report().complete(), r.report().lines().toString());
    }

    @Test
    void burstShaperWindowsAndInlineTags() throws Exception {
        String grc = HEAD
                + block("win", "variable", "value: fft.window.hann(10)")
                + block("src", "blocks_vector_source_x", "type: complex\nvector: '[1] * 30'\nrepeat: 'True'\n"
                        + "vlen: '1'\ntags: \"[gr.python_to_tag({'offset':0, 'key':pmt.intern('packet_len'), "
                        + "'value':pmt.from_long(30), 'srcid':pmt.intern('vector_source')})]\"")
                + block("a", "digital_burst_shaper_xx", "type: complex\nwindow: win\npre_padding: '5'\n"
                        + "post_padding: '5'\ninsert_phasing: 'True'\nlength_tag_name: packet_len")
                + block("b", "digital_burst_shaper_xx", "type: complex\nwindow: firdes.window(window.WIN_HANN, 50, "
                        + "0)\npre_padding: '0'\npost_padding: '0'\ninsert_phasing: 'False'\n"
                        + "length_tag_name: packet_len")
                + block("snk", "blocks_null_sink", "type: complex\nvlen: '1'\nnum_inputs: '2'")
                + "connections:\n- [src, '0', a, '0']\n- [src, '0', b, '0']\n- [a, '0', snk, '0']\n"
                + "- [b, '0', snk, '1']\nmetadata: {file_format: 1}\n";
        ImportResult r = engine.grcImporter().importText(grc, "t.grc");
        assertEquals("firdes_window('hann', 10)", r.graph().variables().get("win"));
        assertEquals("firdes_window('hann', 50, 0)", r.graph().block("b").orElseThrow().params().get("window"));
        assertEquals("'(0, pmt.intern(\\'packet_len\\'), pmt.from_long(30), pmt.intern(\\'vector_source\\'))'",
                r.graph().block("src").orElseThrow().params().get("tags").replace('"', '\''));
    }

    @Test
    void constellationMethodsBecomeValues() throws Exception {
        String grc = HEAD
                + block("c", "variable_constellation", "const_points: digital.psk_4()[0]\nsym_map: "
                        + "digital.psk_4()[1]\nrot_sym: '4'\ndims: '1'\nnormalization: "
                        + "digital.constellation.POWER_NORMALIZATION\nprecision: '8'\nsoft_dec_lut: None\n"
                        + "type: calcdist")
                + block("b", "variable", "value: digital.constellation_bpsk()")
                + block("n", "variable", "value: len(b.points()) * b.bits_per_symbol()")
                + block("q", "variable_constellation", "const_points: '[1]'\nsym_map: '[0]'\nrot_sym: '4'\n"
                        + "dims: '1'\nnormalization: digital.constellation.AMPLITUDE_NORMALIZATION\ntype: qpsk")
                + block("qc", "variable", "value: q.pre_diff_code()")
                + block("src", "blocks_null_source", "type: byte\nvlen: '1'\nnum_outputs: '1'")
                + block("rep", "blocks_repack_bits_bb", "k: '8'\nl: c.bits_per_symbol()\nlen_tag_key: packet_len\n"
                        + "align_output: 'False'\nendianness: gr.GR_MSB_FIRST")
                + block("map", "digital_map_bb", "map: c.pre_diff_code()")
                + block("sym", "digital_chunks_to_symbols_xx", "in_type: byte\nout_type: complex\n"
                        + "symbol_table: c.points()\ndimension: '1'\nnum_ports: '1'")
                + block("snk", "blocks_null_sink", "type: complex\nvlen: '1'\nnum_inputs: '1'")
                + "connections:\n- [src, '0', rep, '0']\n- [rep, '0', map, '0']\n- [map, '0', sym, '0']\n"
                + "- [sym, '0', snk, '0']\nmetadata: {file_format: 1}\n";
        ImportResult r = engine.grcImporter().importText(grc, "t.grc");
        assertEquals("2", r.graph().block("rep").orElseThrow().params().get("l"));
        assertEquals("'packet_len'", r.graph().block("rep").orElseThrow().params().get("len_tag_key"));
        assertEquals("[0, 1, 2, 3]", r.graph().block("map").orElseThrow().params().get("map"));
        String s = "0.7071067690849304";
        assertEquals("[-" + s + "-" + s + "j, " + s + "-" + s + "j, -" + s + "+" + s + "j, " + s + "+" + s + "j]",
                r.graph().block("sym").orElseThrow().params().get("symbol_table"));
        assertFalse(r.graph().variables().containsKey("c"), "used only through its methods");
        assertEquals("len([-1, 1]) * 1", r.graph().variables().get("n"));
        assertEquals("[0, 2, 3, 1]", r.graph().variables().get("qc"));      // GNU Radio's constellation_qpsk()
    }

    @Test
    void pduLambdaIsAPlaceholderThatShowsItsCode() throws Exception {
        String grc = HEAD + block("fn", "pdu_pdu_lambda", "fn: 'lambda x: x*10'\nmetadict: UVEC\nkey: pmt.intern(\"k\")")
                + "connections: []\nmetadata: {file_format: 1}\n";
        ImportResult r = engine.grcImporter().importText(grc, "t.grc");
        BlockInstance b = r.graph().block("fn").orElseThrow();
        assertEquals(PythonPlaceholder.BLOCK, b.type());
        assertTrue(b.params().get(PythonPlaceholder.SOURCE_PARAM).contains("fn = lambda x: x*10"),
                b.params().toString());
        assertFalse(r.report().complete());
    }
}
