package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.BlockInstance;
import org.sigflow.session.Engine;

/**
 * GRC's LDPC definitions, written as GNU Radio's fecapi_*ldpc* examples write them (matrix objects on alist files
 * under {@code gr.prefix()}, coders naming them, a sum-product decoder without sigma, a bit flip decoder without
 * max_iterations), become the FEC blocks' params;
 * the matrices and coders are not imported as variables; a coder naming something that is not a matrix object is
 * left for attention.
 */
class GrcLdpcImportTest {
    private static final String FILE = "gr.prefix() + \"/share/gnuradio/fec/ldpc/\" + ";
    private static final String GRC = """
            options:
              parameters: {generate_options: no_gui, id: t}
            blocks:
            - name: G
              id: variable_ldpc_G_matrix_def
              parameters: {filename: 'FILE"n_0100_k_0058_gen_matrix.alist"', value: '"ok"'}
            - name: H
              id: variable_ldpc_H_matrix_def
              parameters: {filename: 'FILE"n_0100_k_0042_gap_02.alist"', gap: '2', value: '"ok"'}
            - name: enc_G
              id: variable_ldpc_encoder_G_def
              parameters: {G: G, dim1: '1', dim2: '1', ndim: '0', value: '"ok"'}
            - name: enc_H
              id: variable_ldpc_encoder_H_def
              parameters: {H: H, dim1: '1', dim2: '1', ndim: '0', value: '"ok"'}
            - name: enc
              id: variable_ldpc_encoder_def
              parameters: {file: 'FILE"n_0100_k_0042_gap_02.alist"', dim1: '1', dim2: '4', ndim: '0', value: '"ok"'}
            - name: dec
              id: variable_ldpc_decoder_def
              parameters: {file: 'FILE"n_0100_k_0042_gap_02.alist"', max_iter: '40', dim1: '4', dim2: '4', ndim: '0',
                value: '"ok"'}
            - name: dec_H
              id: variable_ldpc_bit_flip_decoder_def
              parameters: {matrix_object: H, dim1: '1', dim2: '1', ndim: '0', value: '"ok"'}
            - name: dec_odd
              id: variable_ldpc_bit_flip_decoder_def
              parameters: {matrix_object: enc, max_iterations: '100', dim1: '1', dim2: '1', ndim: '0', value: '"ok"'}
            - name: src
              id: blocks_vector_source_x
              parameters: {type: byte, vector: '(0, 1, 1, 0)', repeat: 'True', vlen: '1', tags: '[]'}
            - {name: e1, id: fec_extended_encoder, parameters: {encoder_list: enc_G, threadtype: none,
                puncpat: '''11'''}}
            - {name: e2, id: fec_extended_encoder, parameters: {encoder_list: enc_H, threadtype: none,
                puncpat: '''11'''}}
            - {name: e3, id: fec_async_encoder, parameters: {encoder: enc, mtu: '1512', packed: 'True',
                rev_pack: 'True', rev_unpack: 'True'}}
            - {name: d1, id: fec_async_decoder, parameters: {decoder: dec, mtu: '1512', packed: 'False',
                rev_pack: 'True'}}
            - name: d2
              id: fec_extended_tagged_decoder
              parameters: {decoder_list: dec_H, ann: None, puncpat: '''11''', lentagname: '"pkt"', mtu: '1512',
                value: fec_extended_decoder}
            - name: d3
              id: fec_extended_decoder
              parameters: {decoder_list: dec_odd, ann: None, puncpat: '''11''', threadtype: none,
                value: fec_extended_decoder}
            - {name: c2f, id: blocks_char_to_float, parameters: {scale: '1', vlen: '1'}}
            - {name: snk1, id: blocks_null_sink, parameters: {type: byte, num_inputs: '1', vlen: '1'}}
            - {name: snk2, id: blocks_null_sink, parameters: {type: byte, num_inputs: '1', vlen: '1'}}
            - {name: snk3, id: blocks_null_sink, parameters: {type: byte, num_inputs: '1', vlen: '1'}}
            connections:
            - [src, '0', e1, '0']
            - [e1, '0', c2f, '0']
            - [c2f, '0', d2, '0']
            - [d2, '0', snk1, '0']
            - [src, '0', e2, '0']
            - [e2, '0', snk2, '0']
            - [c2f, '0', d3, '0']
            - [d3, '0', snk3, '0']
            metadata: {file_format: 1}
            """.replace("FILE", FILE.replace("'", "''"));

    private static Map<String, String> params(ImportResult r, String id) {
        BlockInstance b = r.graph().blocks().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
        return b.params();
    }

    private static String path(String name) {
        return GnuRadioPrefix.literal() + " + \"/share/gnuradio/fec/ldpc/\" + \"" + name + "\"";
    }

    @Test
    void ldpcDefinitionsBecomeBlockParams() throws Exception {
        ImportResult r = Engine.loadDefault().grcImporter().importText(GRC, "ldpc.grc");
        String report = String.join("\n", r.report().lines());
        assertEquals(Map.of("coder", "ldpc_g", "alist_file", path("n_0100_k_0058_gen_matrix.alist"), "puncpat",
                "'11'"), params(r, "e1"), report);
        assertEquals(Map.of("coder", "ldpc_h", "alist_file", path("n_0100_k_0042_gap_02.alist"), "gap", "2",
                "puncpat", "'11'"), params(r, "e2"), report);
        assertEquals("ldpc", params(r, "e3").get("coder"));
        assertEquals(path("n_0100_k_0042_gap_02.alist"), params(r, "e3").get("alist_file"));
        assertEquals(Map.of("coder", "ldpc", "alist_file", path("n_0100_k_0042_gap_02.alist"), "sigma", "0.5",
                "max_iter", "40", "packed", "False", "rev_pack", "True", "mtu", "1512"), params(r, "d1"),
                "GRC's default sigma: " + report);
        Map<String, String> d2 = params(r, "d2");     // max_iterations left out: GRC's default 100
        assertEquals(java.util.List.of("ldpc_h", path("n_0100_k_0042_gap_02.alist"), "2", "100"),
                java.util.List.of(d2.get("coder"), d2.get("alist_file"), d2.get("gap"), d2.get("max_iter")));
        for (String v : new String[] {"G", "H", "enc_G", "enc_H", "dec", "dec_H"}) {
            assertFalse(r.graph().variables().containsKey(v), v + " is not imported: " + r.graph().variables());
        }
        assertTrue(report.contains("H (variable_ldpc_H_matrix_def): an LDPC matrix"), report);
        assertTrue(report.contains("gr.prefix() (GNU Radio's install prefix) is read as"), report);
        // a bit flip decoder on an object that is no matrix: GNU Radio's call stays (and the coder it names, enc,
        // with it), and the block needs attention
        assertEquals(java.util.List.of("variable enc (variable_ldpc_encoder_def)",
                "variable dec_odd (variable_ldpc_bit_flip_decoder_def)", "block d3 (fec_extended_decoder)"),
                r.report().attention().stream().map(ImportIssue::subject).toList(), report);
    }
}
