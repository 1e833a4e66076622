package org.sigflow.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;

/** Shared helpers for the expression tests. */
final class ExprAssertions {
    private ExprAssertions() {}

    static final Map<String, Value> SCOPE = Map.of(
            "samp_rate", Value.of(32000L),
            "freq", Value.of(2.4e9),
            "z", Value.of(1, 2),
            "name", Value.of("cf32"),
            "taps", new Value.ListValue(java.util.List.of(Value.of(1L), Value.of(2.5), Value.of(-3L))),
            "flag", Value.of(true));

    static Value eval(String text) {
        try {
            return Expressions.evaluate(text, SCOPE);
        } catch (ExpressionException e) {
            return fail("'" + text + "' failed: " + e.getMessage());
        }
    }

    static void assertValue(Value expected, String text) {
        assertEquals(expected, eval(text), text);
    }

    static void assertReal(double expected, String text, double tolerance) {
        Value v = eval(text);
        assertTrue(v instanceof Value.Real, text + " gave " + v.describe() + ", expected a real");
        assertEquals(expected, v.asDouble(), tolerance, text);
    }

    static void assertComplex(double re, double im, String text, double tolerance) {
        Value v = eval(text);
        assertTrue(v instanceof Value.Complex, text + " gave " + v.describe() + ", expected a complex");
        assertEquals(re, v.re(), tolerance, text + " (real part)");
        assertEquals(im, v.im(), tolerance, text + " (imaginary part)");
    }

    static void assertTrueExpr(String text) {
        assertEquals(Value.of(true), eval(text), text);
    }

    /** Asserts that the expression fails with exactly this detail at this position (-2: any position). */
    static ExpressionException assertError(String detail, int position, String text) {
        String shown = Names.abbreviate(text, 80);
        ExpressionException e = assertThrows(ExpressionException.class, () -> Expressions.evaluate(text, SCOPE), shown);
        assertEquals(detail, e.detail(), shown);
        if (position != -2) {
            assertEquals(position, e.position(), shown + ": " + e.getMessage());
        }
        assertEquals(text, e.text());
        return e;
    }
}
