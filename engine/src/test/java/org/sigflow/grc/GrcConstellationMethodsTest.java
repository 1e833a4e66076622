package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.session.Engine;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;

/**
 * A constellation object's {@code points()}, {@code arity()}, {@code bits_per_symbol()} and {@code pre_diff_code()} in
 * GRC values import as
 * the values GNU Radio 3.10 returns (recorded by {@code tools/reference/gen_gnuradio_clocksync.py}): presets as a
 * variable's value (or a hier block's parameter) and calcdist calls with GNU Radio's point tables and normalisations
 * (also parenthesised, and through {@code .base()}); the object variable, then unused, is left out.
 */
class GrcConstellationMethodsTest {

    @Test
    void methodsImportAsGnuRadiosValues() throws Exception {
        JsonNode methods;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_clocksync.json")) {
            methods = new ObjectMapper().readTree(in).get("constellation_methods");
        }
        StringBuilder grc = new StringBuilder("options:\n  parameters: {generate_options: no_gui, id: t}\nblocks:\n");
        for (int i = 0; i < methods.size(); i++) {
            String call = methods.get(i).get("call").asText();
            // the object as a variable's value, or as a hier block's parameter default (packet_tx.grc)
            grc.append("- name: c").append(i).append(i % 4 == 2 ? "\n  id: parameter" : "\n  id: variable")
                    .append("\n  parameters: {value: '").append(call)
                    .append("'}\n");
            String obj = i % 2 == 0 ? "c" + i : call;   // through the variable, or the call written in place
            for (String m : List.of("points", "arity", "bits_per_symbol", "pre_diff_code")) {
                grc.append("- name: ").append(m).append(i).append("\n  id: variable\n  parameters: {value: '")
                        .append(obj).append('.').append(m).append("()'}\n");
            }
        }
        grc.append("connections: []\nmetadata: {file_format: 1}\n");
        ImportResult r = Engine.loadDefault().grcImporter().importText(grc.toString(), "methods.grc");
        assertTrue(r.report().attention().isEmpty(), String.join("\n", r.report().lines()));
        Map<String, Value> values = VariableResolver.resolve(r.graph().variables(), Map.of()).values();
        for (int i = 0; i < methods.size(); i++) {
            JsonNode want = methods.get(i);
            String call = want.get("call").asText();
            assertEquals(want.get("arity").asLong(), (long) values.get("arity" + i).asDouble(), call);
            assertEquals(want.get("bits_per_symbol").asLong(), (long) values.get("bits_per_symbol" + i).asDouble(),
                    call);
            List<Value> code = ((Value.ListValue) values.get("pre_diff_code" + i)).items();
            assertEquals(want.get("pre_diff_code").size(), code.size(), call);
            for (int k = 0; k < code.size(); k++) {
                assertEquals(want.get("pre_diff_code").get(k).asLong(), (long) code.get(k).asDouble(), call);
            }
            List<Value> points = ((Value.ListValue) values.get("points" + i)).items();
            assertEquals(want.get("points").size(), points.size(), call);
            for (int k = 0; k < points.size(); k++) {
                assertEquals(want.get("points").get(k).get("re").asDouble(), (float) points.get(k).re(), 0, call);
                assertEquals(want.get("points").get(k).get("im").asDouble(), (float) points.get(k).im(), 0, call);
            }
            assertFalse(r.graph().variables().containsKey("c" + i), "the object variable c" + i + " is left out");
        }
    }

    /**
     * mpsk_stage6's pattern: a rect constellation and a CMA adaptive algorithm object given to a linear equalizer
     * become the equalizer's params, its points GNU Radio's normalised rect points.
     */
    @Test
    void adaptiveAlgorithmAndRectConstellationBecomeEqualizerParams() throws Exception {
        JsonNode want;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_clocksync.json")) {
            want = new ObjectMapper().readTree(in).get("constellation_rect_points");
        }
        String grc = """
                options:
                  parameters: {generate_options: no_gui, id: t}
                blocks:
                - name: qpsk
                  id: variable_constellation_rect
                  parameters: {const_points: '[0.707+0.707j, -0.707+0.707j, -0.707-0.707j, 0.707-0.707j]',
                    imag_sect: '2', precision: '8', real_sect: '2', rot_sym: '4', soft_dec_lut: None,
                    sym_map: '[0, 1, 2, 3]', w_imag_sect: '1', w_real_sect: '1'}
                - name: alg
                  id: variable_adaptive_algorithm
                  parameters: {cons: qpsk, delta: '10.0', ffactor: '0.99', modulus: '4', step_size: '.0001',
                    type: cma}
                - name: src
                  id: blocks_null_source
                  parameters: {type: complex, num_outputs: '1', vlen: '1'}
                - name: eq
                  id: digital_linear_equalizer
                  parameters: {adapt_after_training: 'True', alg: alg, num_taps: '15', sps: '2',
                    training_sequence: '[ ]', training_start_tag: corr_est}
                - name: dec
                  id: digital_constellation_decoder_cb
                  parameters: {constellation: qpsk}
                - name: snk
                  id: blocks_null_sink
                  parameters: {type: byte, num_inputs: '1', vlen: '1'}
                connections:
                - [src, '0', eq, '0']
                - [eq, '0', dec, '0']
                - [dec, '0', snk, '0']
                metadata: {file_format: 1}
                """;
        ImportResult r = Engine.loadDefault().grcImporter().importText(grc, "eq.grc");
        assertTrue(r.report().attention().isEmpty(), String.join("\n", r.report().lines()));
        var eq = r.graph().blocks().stream().filter(b -> b.id().equals("eq")).findFirst().orElseThrow();
        assertEquals("cma", eq.params().get("algorithm"));
        assertEquals(4.0, VariableResolver.resolve(Map.of("m", eq.params().get("modulus")), Map.of()).values()
                .get("m").asDouble());
        List<Value> points = ((Value.ListValue) VariableResolver.resolve(Map.of("p", eq.params().get("constellation")),
                Map.of()).values().get("p")).items();
        assertEquals(want.size(), points.size());
        for (int k = 0; k < points.size(); k++) {
            assertEquals(want.get(k).get("re").asDouble(), (float) points.get(k).re(), 0);
            assertEquals(want.get(k).get("im").asDouble(), (float) points.get(k).im(), 0);
        }
        assertFalse(r.graph().variables().containsKey("alg"));
    }
}
