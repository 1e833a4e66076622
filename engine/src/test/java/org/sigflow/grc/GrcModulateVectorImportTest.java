package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.expr.Expressions;
import org.sigflow.expr.Value;
import org.sigflow.graph.BlockInstance;
import org.sigflow.session.Engine;

/**
 * GRC's {@code variable_modulate_vector} of a {@code digital.generic_mod} of a calcdist constellation (as in
 * test_corr_est.grc) imports as a {@code modulate_vector(…)} variable whose samples are GNU Radio's
 * modulate_vector_bc output (gnuradio_modulate_vector.json, case bpsk_test_corr_est, within 2e-5); the generic_mod
 * variable is left out; {@code digital_corr_est_cc} becomes corr_est with its threshold method; the packet examples'
 * {@code list(map(lambda x: int(x), list(digital.packet_utils.default_access_code)))} becomes its list of bits.
 */
class GrcModulateVectorImportTest {
    private static Engine engine;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static String block(String name, String id, String params) {
        return GrcConstellationImportTest.block(name, id, params);
    }

    @Test
    void modulateVectorAndCorrEstImport() throws Exception {
        String grc = "options:\n  parameters: {id: t, title: t}\n  states: {coordinate: [0, 0], rotation: 0, "
                + "state: enabled}\nblocks:\n"
                + block("constel", "variable_constellation", "const_points: '[1,-1]'\ndims: '1'\n"
                        + "normalization: digital.constellation.AMPLITUDE_NORMALIZATION\nprecision: '8'\n"
                        + "rot_sym: '2'\nsoft_dec_lut: None\nsym_map: '[0,1]'\ntype: calcdist")
                + block("rxmod", "variable", "value: digital.generic_mod(constel, False, 4, True, 0.35, False, False)")
                + block("preamble", "variable", "value: '[0xac, 0xdd, 0xa4, 0xe2, 0xf2, 0x8c, 0x20, 0xfc]'")
                + block("word", "variable_modulate_vector", "data: preamble\nmod: rxmod\ntaps: '[1]'")
                + block("ac", "variable", "value: 'list(map(lambda x: int(x), "
                        + "list(digital.packet_utils.default_access_code)))'")
                + block("c", "digital_corr_est_cc", "mark_delay: '1'\nsps: '4'\nsymbols: word\nthreshold: '0.9'\n"
                        + "threshold_method: digital.THRESHOLD_DYNAMIC")
                + "connections: []\nmetadata: {file_format: 1}\n";
        ImportResult r = engine.grcImporter().importText(grc, "t.grc");
        assertFalse(r.graph().variables().containsKey("rxmod"), "used only by the modulate vector");
        assertEquals("[1, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1, "
                + "1, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0]",
                r.graph().variables().get("ac"), "packet_utils.default_access_code as bits (0xacdda4e2f28c20fc)");
        String value = r.graph().variables().get("word");
        assertTrue(value.startsWith("modulate_vector("), value);
        BlockInstance c = r.graph().block("c").orElseThrow();
        assertEquals("corr_est", c.type());
        assertEquals("dynamic", c.params().get("threshold_method"));
        assertEquals("word", c.params().get("symbols"));

        List<Value> got = Expressions.evaluate(value, Map.of("preamble",
                Expressions.evaluate(r.graph().variables().get("preamble"), Map.of()))).asList();
        JsonNode want;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_modulate_vector.json")) {
            want = new ObjectMapper().readTree(in).get("cases").get(0);
        }
        assertEquals("bpsk_test_corr_est", want.get("name").asText());
        JsonNode v = want.get("values");
        assertEquals(v.size() / 2, got.size());
        for (int k = 0; k < got.size(); k++) {
            assertEquals(v.get(2 * k).asDouble(), got.get(k).re(), 2e-5, "re at " + k);
            assertEquals(v.get(2 * k + 1).asDouble(), got.get(k).im(), 2e-5, "im at " + k);
        }
    }
}
