package org.sigflow.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.sigflow.expr.ExprAssertions.assertError;
import static org.sigflow.expr.ExprAssertions.assertValue;
import static org.sigflow.expr.ExprAssertions.eval;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ExpressionParserTest {

    @Test
    void integerLiterals() {
        assertValue(Value.of(42L), "42");
        assertValue(Value.of(31L), "0x1F");
        assertValue(Value.of(31L), "0X1f");
        assertValue(Value.of(8L), "0o10");
        assertValue(Value.of(5L), "0b101");
        assertValue(Value.of(1_000_000L), "1_000_000");
        assertValue(Value.of(0L), "0");
        assertValue(Value.of(Long.MAX_VALUE), "9223372036854775807");
        // Beyond 64 bits an integer literal becomes a real.
        assertValue(Value.of(9.223372036854775808e18), "9223372036854775808");
        assertValue(Value.of(1e30), "1" + "0".repeat(30));
        assertValue(Value.of(Double.POSITIVE_INFINITY), "9".repeat(50_000));
        assertValue(Value.of(1.8446744073709552e19), "0x1_0000_0000_0000_0000");
        assertValue(Value.of(Double.POSITIVE_INFINITY), "0x" + "f".repeat(50_000));
        assertValue(Value.of(1L), "0x" + "0".repeat(50_000) + "1");
    }

    @Test
    void realAndImaginaryLiterals() {
        assertValue(Value.of(1.5), "1.5");
        assertValue(Value.of(0.5), ".5");
        assertValue(Value.of(1.0), "1.");
        assertValue(Value.of(1e6), "1e6");
        assertValue(Value.of(2.4e9), "2.4e9");
        assertValue(Value.of(2.4e-9), "2.4E-9");
        assertValue(Value.of(1e5), "1.e+5");
        assertValue(Value.of(0, 2), "2j");
        assertValue(Value.of(0, 1500), "1.5e3j");
        assertValue(Value.of(0, 1), "1j");
        assertValue(Value.of(0, 1), "1J");
        assertValue(Value.of(1, 2), "1+2j");
        assertEquals(Value.Int.class, eval("2").getClass());
        assertEquals(Value.Real.class, eval("2.0").getClass());
    }

    @Test
    void booleansStringsListsAndConstants() {
        assertValue(Value.of(true), "true");
        assertValue(Value.of(true), "True");
        assertValue(Value.of(false), "False");
        assertValue(Value.of("cf32"), "'cf32'");
        assertValue(Value.of("it's"), "\"it's\"");
        assertValue(Value.of("a\\b'\"\n\t\r"), "'a\\\\b\\'\\\"\\n\\t\\r'");
        assertValue(new Value.ListValue(List.of(Value.of(1L), Value.of(2L), Value.of(3L))), "[1, 2, 3]");
        assertValue(new Value.ListValue(List.of(Value.of(1L), Value.of(2L))), "[1, 2,]");
        assertValue(new Value.ListValue(List.of()), "[]");
        assertValue(Value.of(Math.PI), "pi");
        assertValue(Value.of(Math.E), "e");
        assertValue(Value.of(Double.POSITIVE_INFINITY), "inf");
        assertValue(Value.of(Double.NaN), "nan");
        assertValue(Value.of(7L), " \t( 7 )\n");
    }

    @Test
    void precedence() {
        assertValue(Value.of(7L), "1 + 2 * 3");
        assertValue(Value.of(9L), "(1 + 2) * 3");
        assertValue(Value.of(-4L), "-2**2");
        assertValue(Value.of(4L), "(-2)**2");
        assertValue(Value.of(512L), "2**3**2"); // right-associative
        assertValue(Value.of(0.25), "2**-2");
        assertValue(Value.of(2L), "8 - 4 - 2"); // left-associative
        assertValue(Value.of(1.0), "8 / 4 / 2");
        assertValue(Value.of(true), "1 + 1 == 2");
        assertValue(Value.of(true), "not 1 == 2");
        assertValue(Value.of(true), "true or false and false");
        assertValue(Value.of(false), "(true or false) and false");
        assertValue(Value.of(1L), "1 if true else 2 + 1 if false else 3");
        assertValue(Value.of(3L), "0 if false else 2 + 1 if false else 3");
        assertValue(Value.of(2L), "1 + 1 if 2 > 1 else 0");
        assertValue(Value.of(-1L), "7 // 2 * -1 + 2");
        assertValue(Value.of(6L), "- -6");
        assertValue(Value.of(-8L), "-2**3");
        assertValue(Value.of(true), "-2**2 == -4");
    }

    @Test
    void referencesExcludeFunctionsAndConstants() throws ExpressionException {
        Expression e = Expression.parse("sqrt(samp_rate) * pi + freq / samp_rate + len(taps) if flag else e");
        assertEquals(List.of("samp_rate", "freq", "taps", "flag"), List.copyOf(e.references()));
        assertEquals("sqrt(samp_rate) * pi + freq / samp_rate + len(taps) if flag else e", e.text());
        assertEquals(Set.of(), Expression.parse("1 + 2").references());
    }

    @Test
    void parsingDoesNotNeedTheScope() throws ExpressionException {
        Expression e = Expression.parse("a + b");
        assertEquals(Value.of(3L), e.evaluate(Map.of("a", Value.of(1L), "b", Value.of(2L))));
        assertEquals(Value.of(5.5), e.evaluate(Map.of("a", Value.of(1L), "b", Value.of(4.5))));
    }

    @Test
    void syntaxErrorsWithPositions() {
        assertError("expected ')'", 12, "sqrt((2 + 3)");
        assertError("expected ')'", 6, "(1 + 2");
        assertError("expected ')', found ']'", 3, "(1 ]");
        assertError("expected ',' or ')', found ']'", 7, "sqrt(2 ]");
        assertError("unexpected end of expression", 3, "1 +");
        assertError("unmatched ')'", 2, "1 ) + 2");
        assertError("missing operator before '3'", 2, "2 3");
        assertError("invalid number '2pi' (missing '*'?)", 0, "2pi");
        assertError("invalid number '1_' (put '_' only between digits)", 0, "1_");
        assertError("leading zeros are not allowed in '007'", 0, "007");
        assertError("'=' is not an operator; use '==' to compare", 2, "a = 1");
        assertError("'^' is not supported; use '**' for powers", 2, "2 ^ 3");
        assertError("use 'and' instead of '&&'", 5, "flag && flag");
        assertError("unterminated string", 4, "1 + 'abc");
        assertError("unknown escape '\\d' in string (write '\\\\' for a backslash)", 3, "'C:\\data'");
        assertError("unexpected character '$'", 0, "$x");
        assertError("empty expression", -1, "   ");
        assertError("unknown function 'foo'", 0, "foo(1)");
        assertError("unknown function 'sqr' (did you mean 'sqrt'?)", 0, "sqr(4)");
        assertError("sqrt() takes 1 argument, got 2", 0, "sqrt(1, 2)");
        assertError("atan2() takes 2 arguments, got 1", 4, "1 + atan2(1)");
        assertError("round() takes 1 or 2 arguments, got 3", 0, "round(1, 2, 3)");
        assertError("range() takes 1 to 3 arguments, got 0", 0, "range()");
        assertError("max() takes at least 1 argument, got 0", 0, "max()");
        assertError("'sqrt' is a function; call it like sqrt(...)", 0, "sqrt + 1");
        assertError("'pi' is a constant, not a function", 0, "pi(2)");
        assertError("expected 'else' (write: x if condition else y)", 10, "1 if flag 2");
        assertError("chained comparisons like 'a < b < c' are not supported; write 'a < b and b < c'", 6, "1 < 2 < 3");
        assertError("unexpected 'and'", 0, "and 1");
        assertError("'.' is not supported here (no attributes or methods)", 6, "firdes.low_pass(1)");
    }

    @Test
    void errorMessageCarriesTheColumn() {
        ExpressionException e = assertError("division by zero", 2, "1 / 0");
        assertEquals("division by zero at column 3", e.getMessage());
        assertEquals("empty expression", assertError("empty expression", -1, "").getMessage());
    }

    @Test
    void lengthAndNestingAreCapped() {
        assertValue(Value.of(1L), "(".repeat(200) + "1" + ")".repeat(200));
        assertError("expression is nested too deeply (more than 200 levels)", 200, "(".repeat(201) + "1" + ")".repeat(201));
        assertError("expression is nested too deeply (more than 200 levels)", -2, "-".repeat(100_000));
        assertError("expression is nested too deeply (more than 200 levels)", -2, "not ".repeat(5000) + "1");
        assertError("expression is nested too deeply (more than 200 levels)", -2, "2**".repeat(5000) + "1");
        assertError("expression is nested too deeply (more than 200 levels)", -2, "[".repeat(5000));
        assertError("expression is nested too deeply (more than 200 levels)", -2, "sqrt(".repeat(5000));
        assertError("expression is nested too deeply (more than 200 levels)", -2, "1 if true else ".repeat(5000) + "1");
        assertError("expression is too long (100,001 characters; the limit is 100,000)", -1, "1".repeat(100_001));
        // Long flat sums are not nesting.
        assertValue(Value.of(20_000L), "1" + " + 1".repeat(19_999));
    }

    @Test
    void parseOfNullIsAProgrammingError() {
        assertThrows(NullPointerException.class, () -> Expression.parse(null));
    }

    @Test
    void maximumNestingFitsInASmallThreadStack() throws InterruptedException {
        String text = "(".repeat(100) + "[".repeat(95) + "-2 ** -(1 + 1)" + "]".repeat(95) + ")".repeat(100);
        String[] result = new String[1];
        Thread t = new Thread(null, () -> {
            try {
                result[0] = Expressions.evaluate(text, Map.of()).display();
            } catch (ExpressionException e) {
                result[0] = e.getMessage();
            }
        }, "small-stack", 512 * 1024);
        t.start();
        t.join();
        assertEquals("[".repeat(95) + "-0.25" + "]".repeat(95), result[0]);
    }
}
