package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.BlockInstance;
import org.sigflow.session.Engine;

/**
 * GRC's FEC coder definitions become the params of the blocks that use them (as GNU Radio's examples write them:
 * variables for K, rate, polys, a mode constant; a polar coder reading a BEC code configurator's frozen bits), unused
 * coder objects are dropped with a note, and a trellis
 * block's {@code prefix+fsm} stays the concatenation of its string variables.
 */
class GrcFecImportTest {
    private static final String GRC = """
            options:
              parameters: {generate_options: no_gui, id: t}
            blocks:
            - {name: k, id: variable, parameters: {value: '7'}}
            - {name: polys, id: variable, parameters: {value: '[109, 79]'}}
            - {name: frame_size, id: parameter, parameters: {value: '30', type: intx}}
            - name: enc_cc
              id: variable_cc_encoder_def
              parameters: {dim1: '1', dim2: '1', ndim: '0', framebits: 'frame_size*8', k: k, rate: '2', polys: polys,
                state_start: '0', mode: fec.CC_TAILBITING, padding: 'False'}
            - name: dec_rep
              id: variable_repetition_decoder_def
              parameters: {dim1: '1', dim2: '1', ndim: '1', framebits: 'frame_size*8', rep: '3', prob: '0.4',
                value: '"ok"'}
            - name: unused
              id: variable_dummy_encoder_def
              parameters: {dim1: '1', dim2: '1', ndim: '0', framebits: '8000'}
            - name: polar_config
              id: variable_polar_code_configurator
              parameters: {block_size: '64', channel: polar.CHANNEL_TYPE_BEC, design_snr: '1.5', mu: '32',
                num_info_bits: '40'}
            - name: polar_enc
              id: variable_polar_encoder_def
              parameters: {block_size: '64', dim1: '1', dim2: '1', frozen_bit_positions: 'polar_config[''positions'']',
                frozen_bit_values: 'polar_config[''values'']', is_packed: 'False', ndim: '0', num_info_bits: '40'}
            - name: penc
              id: fec_extended_encoder
              parameters: {encoder_list: polar_enc, threadtype: none, puncpat: '''11'''}
            - {name: snk3, id: blocks_null_sink, parameters: {type: byte, num_inputs: '1', vlen: '1'}}
            - {name: prefix, id: variable, parameters: {value: '"@FSM_FILE_INSTALL_DIR@"'}}
            - {name: fsm, id: variable, parameters: {value: '"awgn1o2_4.fsm"'}}
            - name: src
              id: blocks_vector_source_x
              parameters: {type: byte, vector: '(0, 1, 1, 0)', repeat: 'True', vlen: '1', tags: '[]'}
            - name: enc
              id: fec_extended_encoder
              parameters: {encoder_list: enc_cc, threadtype: capillary, puncpat: '''11'''}
            - name: c2f
              id: blocks_char_to_float
              parameters: {scale: '1', vlen: '1'}
            - name: dec
              id: fec_extended_tagged_decoder
              parameters: {decoder_list: dec_rep, ann: None, puncpat: '''11''', lentagname: None, mtu: '1500',
                value: fec_extended_decoder}
            - name: tenc
              id: trellis_encoder_xx
              parameters: {type: bb, fsm_args: prefix+fsm, init_state: '0', blockwise: 'False', blocklength: '0'}
            - {name: snk, id: blocks_null_sink, parameters: {type: byte, num_inputs: '1', vlen: '1'}}
            - {name: snk2, id: blocks_null_sink, parameters: {type: byte, num_inputs: '1', vlen: '1'}}
            connections:
            - [src, '0', enc, '0']
            - [enc, '0', c2f, '0']
            - [c2f, '0', dec, '0']
            - [dec, '0', snk, '0']
            - [src, '0', tenc, '0']
            - [tenc, '0', snk2, '0']
            - [src, '0', penc, '0']
            - [penc, '0', snk3, '0']
            metadata: {file_format: 1}
            """;

    private static BlockInstance block(ImportResult r, String id) {
        return r.graph().blocks().stream().filter(b -> b.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void coderDefinitionsBecomeBlockParams() throws Exception {
        ImportResult r = Engine.loadDefault().grcImporter().importText(GRC, "fec.grc");
        String report = String.join("\n", r.report().lines());
        assertTrue(r.report().attention().isEmpty(), report);
        BlockInstance enc = block(r, "enc");
        assertEquals("fec_encoder", enc.type());
        assertEquals(Map.of("coder", "cc", "frame_bits", "frame_size*8", "k", "k", "rate", "2", "polys", "polys",
                "start_state", "0", "mode", "tailbiting", "padding", "False", "puncpat", "'11'"), enc.params());
        BlockInstance dec = block(r, "dec");
        assertEquals("fec_decoder", dec.type());
        assertEquals("repetition", dec.params().get("coder"));
        assertEquals("0.4", dec.params().get("prob"));
        assertEquals("'None'", dec.params().get("len_tag_key"));
        assertEquals("prefix+fsm", block(r, "tenc").params().get("fsm"));
        assertFalse(r.graph().variables().containsKey("enc_cc"), "coder variables are not imported");
        assertFalse(r.graph().variables().containsKey("unused"));
        BlockInstance penc = block(r, "penc");
        assertEquals(Map.of("coder", "polar", "block_size", "64", "frame_bits", "40", "design_snr", "1.5"),
                Map.of("coder", penc.params().get("coder"), "block_size", penc.params().get("block_size"),
                        "frame_bits", penc.params().get("frame_bits"), "design_snr", penc.params().get("design_snr")));
        assertFalse(r.graph().variables().containsKey("polar_config"), "the configurator is not imported");
        assertTrue(report.contains("unused (variable_dummy_encoder_def): a FEC coder"), report);
    }
}
