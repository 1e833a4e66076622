package org.sigflow.blocks.digital;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.expr.ExpressionException;
import org.sigflow.expr.Expressions;
import org.sigflow.expr.Value;

/**
 * The expression function {@code modulate_vector(...)} (GRC's variable_modulate_vector) against GNU Radio 3.10's
 * {@code digital.modulate_vector_bc(generic_mod(...), data, taps)}, recorded by
 * {@code tools/reference/gen_gnuradio_modulate_vector.py}: same length ("all"; "prefix": GNU Radio stops before the
 * last byte of a short vector of a multi-bit modulation, SigFlow modulates it too), every sample within 2e-5 relative to
 * max(1, |value|) (GNU Radio's polyphase resampler sums in another order).
 */
class GnuRadioModulateVectorTest {

    static Stream<JsonNode> cases() throws Exception {
        return GnuRadioDigitalBlocksTest.load("/reference/gnuradio_modulate_vector.json", "cases").stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesGnuRadio(JsonNode c) throws Exception {
        String name = c.get("name").asText();
        List<Value> got = Expressions.evaluate(c.get("expression").asText(), Map.of()).asList();
        JsonNode want = c.get("values");
        if (c.get("compare").asText().equals("all")) {
            assertEquals(want.size() / 2, got.size(), name + ": samples");
        }
        assertTrue(got.size() >= want.size() / 2, name + ": " + got.size() + " samples, GNU Radio " + want.size() / 2);
        for (int k = 0; k < want.size() / 2; k++) {
            double re = want.get(2 * k).asDouble();
            double im = want.get(2 * k + 1).asDouble();
            assertEquals(re, got.get(k).re(), 2e-5 * Math.max(1, Math.abs(re)), name + " re at " + k);
            assertEquals(im, got.get(k).im(), 2e-5 * Math.max(1, Math.abs(im)), name + " im at " + k);
        }
    }

    @Test
    void badArgumentsAreExpressionErrors() {
        for (String bad : new String[] {"modulate_vector([1, -1], [0, 1], 'amplitude', False, 1, 0.35, [1], [1])",
                "modulate_vector([1, -1], [0, 1, 2], 'amplitude', False, 4, 0.35, [1], [1])",
                "modulate_vector([1, -1], [], 'none', False, 100000, 0.35, [1], [1])"}) {
            ExpressionException e = assertThrows(ExpressionException.class, () -> Expressions.evaluate(bad, Map.of()),
                    bad);
            assertTrue(e.getMessage().contains("modulate_vector") || e.getMessage().contains("list"), e.getMessage());
        }
    }
}
