package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.BlockInstance;
import org.sigflow.session.Engine;

/**
 * GRC's constellation objects reach the constellation modulator and decoder: a {@code variable_constellation}
 * (calcdist with GNU Radio's {@code digital.psk_4()} tables, or a named type) and a direct
 * {@code digital.constellation_bpsk().base()} become the blocks' constellation params; the variable, used only
 * there, is left out with a note.
 */
class GrcConstellationImportTest {
    private static Engine engine;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    static String block(String name, String id, String params) {
        return "- name: " + name + "\n  id: " + id + "\n  parameters:\n" + params.indent(4)
                + "  states: {coordinate: [0, 0], rotation: 0, state: enabled}\n";
    }

    @Test
    void constellationVariablesAndCallsBecomeParams() throws Exception {
        String grc = "options:\n  parameters: {id: t, title: t}\n  states: {coordinate: [0, 0], rotation: 0, "
                + "state: enabled}\nblocks:\n"
                + block("constel", "variable_constellation", "const_points: digital.psk_4()[0]\nsym_map: "
                        + "digital.psk_4()[1]\nrot_sym: '4'\ndims: '1'\nnormalization: "
                        + "digital.constellation.POWER_NORMALIZATION\nprecision: '8'\nsoft_dec_lut: None\n"
                        + "type: calcdist")
                + block("q", "variable_constellation", "const_points: '[1]'\nsym_map: '[0]'\nrot_sym: '4'\n"
                        + "dims: '1'\nnormalization: digital.constellation.AMPLITUDE_NORMALIZATION\ntype: 16qam")
                + block("mod", "digital_constellation_modulator", "constellation: constel\ndifferential: 'True'\n"
                        + "samples_per_symbol: '4'\nexcess_bw: '0.35'\nverbose: 'False'\nlog: 'False'\n"
                        + "truncate: 'False'")
                + block("dec", "digital_constellation_decoder_cb", "constellation: digital.constellation_bpsk().base()")
                + block("dec2", "digital_constellation_decoder_cb", "constellation: q")
                + block("src", "blocks_null_source", "type: byte\nvlen: '1'\nnum_outputs: '1'")
                + block("snk", "blocks_null_sink", "type: byte\nvlen: '1'\nnum_inputs: '1'")
                + block("snk2", "blocks_null_sink", "type: byte\nvlen: '1'\nnum_inputs: '1'")
                + "connections:\n- [src, '0', mod, '0']\n- [mod, '0', dec, '0']\n- [mod, '0', dec2, '0']\n"
                + "- [dec, '0', snk, '0']\n- [dec2, '0', snk2, '0']\nmetadata: {file_format: 1}\n";
        ImportResult r = engine.grcImporter().importText(grc, "t.grc");
        BlockInstance mod = r.graph().block("mod").orElseThrow();
        assertEquals(Map.of("constellation", "calcdist", "points", "[-1-1j, 1-1j, -1+1j, 1+1j]",
                "symbol_map", "[0, 1, 2, 3]", "dimensionality", "1", "normalization", "power",
                "differential", "True", "samples_per_symbol", "4", "excess_bw", "0.35", "truncate", "False"),
                mod.params());
        assertEquals(Map.of("constellation", "bpsk"), r.graph().block("dec").orElseThrow().params());
        assertEquals(Map.of("constellation", "16qam"), r.graph().block("dec2").orElseThrow().params());
        assertEquals(List.of(), List.copyOf(r.graph().variables().keySet()), "both variables only fed the blocks");
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        engine.check(engine.open(r.graph(), Path.of("t.graph"), Map.of()));   // validates, and builds every block
    }
}
