package org.sigflow.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sigflow.expr.ExprAssertions.assertComplex;
import static org.sigflow.expr.ExprAssertions.assertError;
import static org.sigflow.expr.ExprAssertions.assertReal;
import static org.sigflow.expr.ExprAssertions.assertTrueExpr;
import static org.sigflow.expr.ExprAssertions.assertValue;
import static org.sigflow.expr.ExprAssertions.eval;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpressionEvaluationTest {
    private static final double EXACT = 0;
    private static final double TIGHT = 1e-12;

    private static Value list(Value... items) {
        return new Value.ListValue(List.of(items));
    }

    @Test
    void integerArithmeticStaysInteger() {
        assertValue(Value.of(5L), "2 + 3");
        assertValue(Value.of(-1L), "2 - 3");
        assertValue(Value.of(6L), "2 * 3");
        assertValue(Value.of(3L), "7 // 2");
        assertValue(Value.of(-4L), "-7 // 2");
        assertValue(Value.of(1L), "7 % 3");
        assertValue(Value.of(2L), "-7 % 3"); // Python modulo: sign of the divisor
        assertValue(Value.of(-2L), "7 % -3");
        assertValue(Value.of(1024L), "2 ** 10");
        assertValue(Value.of(1L), "0 ** 0");
        assertValue(Value.of(16000L), "samp_rate // 2");
    }

    @Test
    void integerOverflowBecomesReal() {
        assertValue(Value.of(9.223372036854775807e18 + 1), "9223372036854775807 + 1");
        assertValue(Value.of(Math.pow(2, 64)), "2 ** 64");
        assertValue(Value.of(-(double) Long.MIN_VALUE), "-(-9223372036854775807 - 1)");
        assertValue(Value.of(Long.MIN_VALUE), "-9223372036854775807 - 1");
        assertValue(Value.of(9.223372036854775807e18), "(-9223372036854775807 - 1) // -1");
        assertValue(Value.of(1.8446744073709552E19), "4294967296 * 4294967296");
    }

    @Test
    void realArithmeticMatchesJava() {
        assertReal(0.1 + 0.2, "0.1 + 0.2", EXACT);
        assertReal(3.5, "7 / 2", EXACT); // true division even for integers
        assertReal(2.0, "4 / 2", EXACT);
        assertReal(1.5 * 2.5, "1.5 * 2.5", EXACT);
        assertReal(3.0, "7.5 // 2", EXACT);
        assertReal(-4.0, "-7.5 // 2", EXACT);
        assertReal(1.5, "7.5 % 2", EXACT);
        assertReal(0.5, "-7.5 % 2", EXACT);
        assertReal(Math.pow(2.5, 1.5), "2.5 ** 1.5", EXACT);
        assertReal(0.5, "2 ** -1", EXACT);
        assertReal(32000 / 2.4e9, "samp_rate / freq", EXACT);
        assertReal(Double.POSITIVE_INFINITY, "1e308 * 10", EXACT);
        assertTrue(Double.isNaN(eval("inf - inf").asDouble()));
        assertValue(Value.of(-0.0), "-0.0");
        assertValue(Value.of(-0.0), "-1.0 % -1");
    }

    @Test
    void unaryOperators() {
        assertValue(Value.of(-3L), "-3");
        assertValue(Value.of(3L), "+3");
        assertValue(Value.of(-2.5), "-2.5");
        assertValue(Value.of(-1, -2), "-z");
        assertValue(Value.of(false), "not true");
        assertValue(Value.of(true), "not 0");
        assertError("cannot negate string 'cf32'", 0, "-name");
        assertError("unary '+' needs a number, got string 'cf32'", 0, "+name");
    }

    @Test
    void comparisonsAndLogic() {
        assertTrueExpr("2 == 2.0");
        assertTrueExpr("2 == 2 + 0j");
        assertTrueExpr("1 != 2");
        assertTrueExpr("1 < 2 and 2 <= 2 and 3 > 2 and 3 >= 3");
        assertTrueExpr("'abc' < 'abd'");
        assertTrueExpr("name == 'cf32'");
        assertTrueExpr("[1, 2] == [1.0, 2]");
        assertTrueExpr("[1, 2] != [1, 2, 3]");
        assertTrueExpr("'1' != 1");
        assertTrueExpr("true != 1"); // booleans are not numbers
        assertTrueExpr("nan != nan");
        assertTrueExpr("not (nan < 1)");
        assertTrueExpr("9223372036854775807 > 9223372036854775806");
        assertValue(Value.of(true), "false or 1");
        assertValue(Value.of(false), "true and 0");
        // Short-circuit: the right side is not evaluated.
        assertValue(Value.of(false), "false and 1 / 0 == 1");
        assertValue(Value.of(true), "true or 1 / 0 == 1");
        assertValue(Value.of(1L), "1 if true else 1 / 0");
        assertValue(Value.of(2L), "1 / 0 if false else 2");
        assertError("cannot compare complex and integer with '<'", 2, "z < 1");
        assertError("cannot compare string and integer with '>='", 5, "name >= 1");
        assertError("expected a boolean, got string 'cf32'", 5, "1 if name else 2");
        assertError("expected a boolean, got list [1, 2.5, -3]", 4, "not taps");
    }

    @Test
    void complexArithmetic() {
        assertTrueExpr("(1+2j)*(3-1j) == 5+5j");
        assertValue(Value.of(5, 5), "(1+2j)*(3-1j)");
        assertValue(Value.of(4, 6), "(1+2j) + (3+4j)");
        assertValue(Value.of(-2, -2), "(1+2j) - (3+4j)");
        assertComplex(0.44, 0.08, "(1+2j) / (3+4j)", TIGHT);
        assertValue(Value.of(-1, 0), "1j ** 2");
        assertValue(Value.of(-1, 0), "1j * 1j");
        assertComplex(0, -1, "1j ** -1", TIGHT);
        assertComplex(Math.PI / 2, 0.5493061443340549, "atan(2j)", TIGHT);
        assertComplex(Math.cos(Math.PI / 4), Math.sin(Math.PI / 4), "1j ** 0.5", TIGHT);
        assertComplex(-1, 0, "e ** (1j * pi)", TIGHT);
        assertComplex(0.5, Math.sqrt(3) / 2, "(-1) ** (1/3)", TIGHT); // principal value, as Python 3
        assertValue(Value.of(2, 4), "2 * z");
        assertValue(Value.of(1.5, 2), "z + 0.5");
        assertError("division by zero", 2, "z / 0");
        assertError("cannot use '//' on complex numbers", 2, "z // 2");
        assertError("cannot use '%' on complex numbers", 2, "z % 2");
        assertError("zero cannot be raised to a negative or complex power", 3, "0j ** 1j");
    }

    @Test
    void stringAndListOperators() {
        assertValue(Value.of("abcd"), "'ab' + \"cd\"");
        assertValue(Value.of("ababab"), "'ab' * 3");
        assertValue(Value.of("ababab"), "3 * 'ab'");
        assertValue(list(Value.of(1L), Value.of(2L), Value.of(3L)), "[1, 2] + [3]");
        assertValue(list(Value.of(0.0), Value.of(0.0), Value.of(0.0)), "[0.0] * 3");
        assertValue(list(Value.of(1L), Value.of(2L), Value.of(1L), Value.of(2L)), "2 * [1, 2]");
        assertValue(list(), "[1] * 0");
        assertValue(list(), "[1] * -5");
        assertValue(list(Value.of(0L), Value.of(0L)), "[0] * (4 / 2)"); // an integral real counts
        assertEquals(64, eval("[0.0]*64").asList().size());
        assertValue(list(list(Value.of(1L)), Value.of("a")), "[[1], 'a']");
        assertError("cannot add string and real", 5, "name + 1.5");
        assertError("cannot add list and integer", 5, "taps + 1");
        assertError("can only repeat a list by an integer, got real 2.5", 4, "[1] * 2.5");
        assertError("cannot multiply list and list", 4, "[1] * [2]");
        assertError("cannot subtract string and string", 4, "'a' - 'b'");
        assertError("cannot add string and boolean", 4, "'a' + true");
        assertError("list would be too long (20000000 elements; the limit is 10,000,000)", 7, "[0, 1] * 10000000");
        assertError("string would be too long (99999999 characters; the limit is 10,000,000)", 4, "'a' * 99999999");
    }

    @Test
    void booleansCountAsZeroOrOneInArithmetic() {
        // Python: pow(10, 6/20.0) * True == 1.9952623149688795, True + 1 == 2, -True == -1, [0] * True == [0]
        assertValue(Value.of(Math.pow(10, 6 / 20.0)), "pow(10, 6/20.0) * true");
        assertValue(Value.of(0.0), "pow(10, 6/20.0) * False");
        assertValue(Value.of(2L), "True + 1");
        assertValue(Value.of(-1L), "-True");
        assertValue(Value.of(1L), "+true");
        assertValue(list(Value.of(0L)), "[0] * True");
        assertValue(Value.of(true), "False < 1");
        assertValue(Value.of(false), "true == 1"); // == still compares a boolean only with a boolean
    }

    @Test
    void strWritesAValueAsItsLiteral() {
        // Python: str(0.5) == '0.5', str([0, 1, 2]) == '[0, 1, 2]', str('a') == 'a', str(10000) == '10000'
        assertValue(Value.of("0.5"), "str(0.5)");
        assertValue(Value.of("[0, 1, 2]"), "str(range(3))");
        assertValue(Value.of("a"), "str('a')");
        assertValue(Value.of("pmt.from_long(10000)"), "'pmt.from_long(' + str(10000) + ')'");
    }

    @Test
    void divisionByZero() {
        assertError("division by zero", 2, "1 / 0");
        assertError("division by zero", 4, "1.5 / 0.0");
        assertError("division by zero", 2, "1 // 0");
        assertError("division by zero", 2, "1 % 0");
        assertError("division by zero", 4, "1.0 % -0.0");
        assertError("zero cannot be raised to a negative power", 2, "0 ** -1");
        assertError("zero cannot be raised to a negative power", 4, "0.0 ** -0.5");
        assertError("division by zero", 6, "1 + (1/0)");
    }

    @Test
    void unknownVariables() {
        assertError("unknown variable 'samp_rte' (did you mean 'samp_rate'?)", 4, "1 + samp_rte");
        assertError("unknown variable 'frq' (did you mean 'freq'?)", 0, "frq");
        assertError("unknown variable 'xyz'", 0, "xyz * 2");
    }

    @Test
    void realFunctions() {
        double[] xs = {0.3, 0.7, 2.0, 10.0};
        for (double x : xs) {
            String a = Double.toString(x);
            assertReal(Math.sqrt(x), "sqrt(" + a + ")", EXACT);
            assertReal(Math.sin(x), "sin(" + a + ")", EXACT);
            assertReal(Math.cos(x), "cos(" + a + ")", EXACT);
            assertReal(Math.tan(x), "tan(" + a + ")", EXACT);
            assertReal(Math.exp(x), "exp(" + a + ")", EXACT);
            assertReal(Math.log(x), "log(" + a + ")", EXACT);
            assertReal(Math.log10(x), "log10(" + a + ")", EXACT);
            assertReal(Math.atan(x), "atan(" + a + ")", EXACT);
            assertReal(Math.sinh(x), "sinh(" + a + ")", EXACT);
            assertReal(Math.cosh(x), "cosh(" + a + ")", EXACT);
            assertReal(Math.tanh(x), "tanh(" + a + ")", EXACT);
            assertReal(Math.pow(10, x / 10), "db2lin(" + a + ")", EXACT);
            assertReal(10 * Math.log10(x), "lin2db(" + a + ")", EXACT);
            assertReal(Math.atan2(x, 1.5), "atan2(" + a + ", 1.5)", EXACT);
            assertReal(Math.pow(x, 1.5), "pow(" + a + ", 1.5)", EXACT);
        }
        assertReal(Math.asin(0.5), "asin(0.5)", EXACT);
        assertReal(Math.acos(0.5), "acos(0.5)", EXACT);
        assertReal(Math.log(8) / Math.log(2), "log(8, 2)", EXACT);
        assertReal(2.0, "sqrt(4)", EXACT);
        assertReal(Double.NEGATIVE_INFINITY, "log(0)", EXACT);
        assertReal(Double.NEGATIVE_INFINITY, "lin2db(0)", EXACT);
        assertReal(Math.PI / 2, "arg(1j)", EXACT);
        assertReal(Math.PI, "arg(-1)", EXACT);
        assertReal(3.0, "float(3)", EXACT);
        assertReal(2.0, "db2lin(10*log10(2))", TIGHT);
        assertError("lin2db() needs a non-negative number, got -1.0", 0, "lin2db(-1)");
        assertError("sin() needs a number, got string 'cf32'", 0, "sin(name)");
        assertError("atan2() needs a real number, got complex (1.0+2.0j)", 0, "atan2(z, 1)");
        assertError("division by zero", 0, "log(8, 1)");
    }

    @Test
    void nonRealResultsAreComplex() {
        assertValue(Value.of(0, 2), "sqrt(-4)");
        assertTrueExpr("sqrt(-4) == 2j");
        assertComplex(0, Math.PI, "log(-1)", TIGHT);
        assertComplex(0, Math.PI / Math.log(10), "log10(-1)", TIGHT);
        assertComplex(Math.PI / 2, Math.log(2 + Math.sqrt(3)), "asin(2)", TIGHT); // as Python cmath
        assertComplex(0, -Math.log(2 + Math.sqrt(3)), "acos(2)", TIGHT);
        assertTrue(Double.isNaN(eval("sqrt(nan)").asDouble()));
    }

    @Test
    void complexFunctions() {
        assertReal(5.0, "abs(3+4j)", EXACT);
        assertTrueExpr("abs(3+4j) == 5");
        assertComplex(1, 1, "sqrt(2j)", TIGHT);
        assertComplex(0, 1, "sqrt(-1+0j)", TIGHT);
        assertComplex(0, -1, "sqrt(complex(-1, -0.0))", TIGHT); // below the branch cut
        assertComplex(Math.exp(1) * Math.cos(2), Math.exp(1) * Math.sin(2), "exp(1+2j)", TIGHT);
        assertComplex(Math.log(Math.sqrt(5)), Math.atan2(2, 1), "log(1+2j)", TIGHT);
        assertComplex(Math.sin(1) * Math.cosh(2), Math.cos(1) * Math.sinh(2), "sin(1+2j)", TIGHT);
        assertComplex(Math.cos(1) * Math.cosh(2), -Math.sin(1) * Math.sinh(2), "cos(1+2j)", TIGHT);
        assertComplex(0.0338128260798967, 1.0147936161466335, "tan(1+2j)", TIGHT);
        assertComplex(-0.4890562590412937, 1.4031192506220405, "sinh(1+2j)", TIGHT);
        assertComplex(-0.64214812471552, 1.0686074213827783, "cosh(1+2j)", TIGHT);
        assertComplex(1.16673625724092, -0.24345820118572534, "tanh(1+2j)", TIGHT);
        assertComplex(0.4270785863924761, 1.5285709194809982, "asin(1+2j)", TIGHT);
        assertComplex(1.1437177404024204, -1.5285709194809982, "acos(1+2j)", TIGHT);
        assertComplex(1.3389725222944935, 0.40235947810852507, "atan(1+2j)", TIGHT);
        assertValue(Value.of(1.0), "real(z)");
        assertValue(Value.of(2.0), "imag(z)");
        assertValue(Value.of(1, -2), "conj(z)");
        assertValue(Value.of(3L), "real(3)");
        assertValue(Value.of(0L), "imag(3)");
        assertValue(Value.of(0.0), "imag(3.5)");
        assertValue(Value.of(2.5), "conj(2.5)");
        assertValue(Value.of(1.5, -2), "complex(1.5, -2)");
        assertValue(Value.of(4, 0), "complex(4)");
        assertReal(Math.atan2(2, 1), "arg(z)", EXACT);
        assertError("imag() needs a number, got string 'cf32'", 0, "imag(name)");
    }

    @Test
    void integerFunctions() {
        assertValue(Value.of(2L), "int(2.9)");
        assertValue(Value.of(-2L), "int(-2.9)"); // toward zero
        assertValue(Value.of(7L), "int(7)");
        assertValue(Value.of(1L), "int(true)");
        assertValue(Value.of(2L), "round(2.5)"); // halves to even, as Python 3
        assertValue(Value.of(4L), "round(3.5)");
        assertValue(Value.of(-2L), "round(-2.5)");
        assertValue(Value.of(3L), "round(2.6)");
        assertValue(Value.of(2.67), "round(2.675, 2)"); // 2.675 is really 2.67499999...
        assertValue(Value.of(0.12), "round(0.125, 2)");
        assertValue(Value.of(1200.0), "round(1234.5, -2)");
        assertValue(Value.of(1200L), "round(1250, -2)");
        assertValue(Value.of(7L), "round(7, 3)");
        assertValue(Value.of(2.5), "round(2.5, 1000000)");
        assertValue(Value.of(2L), "floor(2.7)");
        assertValue(Value.of(-3L), "floor(-2.1)");
        assertValue(Value.of(3L), "ceil(2.1)");
        assertValue(Value.of(5L), "ceil(5)");
        assertValue(Value.of(3L), "abs(-3)");
        assertValue(Value.of(2.5), "abs(-2.5)");
        assertError("int() cannot convert nan to an integer", 0, "int(nan)");
        assertError("int() cannot convert inf to an integer", 0, "int(inf)");
        assertError("int(): 1.0E20 is too large for an integer", 0, "int(1e20)");
        assertError("int() needs a real number, got complex (1.0+2.0j)", 0, "int(z)");
        assertError("round() needs an integer, got real 1.5", 0, "round(2.5, 1.5)");
        assertError("round() cannot convert nan to an integer", 0, "round(nan)");
        assertError("floor() cannot convert -inf to an integer", 0, "floor(-inf)");
    }

    @Test
    void listFunctions() {
        assertValue(Value.of(3L), "len(taps)");
        assertValue(Value.of(4L), "len('cf32')");
        assertValue(Value.of(0.5), "sum(taps)");
        assertValue(Value.of(0L), "sum([])");
        assertValue(Value.of(1, 2), "sum([z])");
        assertValue(Value.of(2.5), "mean([1, 2, 3, 4])");              // numpy.mean([1, 2, 3, 4]) == 2.5
        assertValue(Value.of(0.5, 1), "mean([1j, 1 + 1j])");
        assertValue(Value.of(-3L), "min(taps)");
        assertValue(Value.of(2.5), "max(taps)");
        assertValue(Value.of(1L), "min(3, 1, 2)");
        assertValue(Value.of(3L), "max(3, 2.5)");
        assertValue(Value.of("b"), "max('a', 'b')");
        assertValue(list(Value.of(0L), Value.of(1L), Value.of(2L)), "range(3)");
        assertValue(list(Value.of(2L), Value.of(3L)), "range(2, 4)");
        assertValue(list(Value.of(10L), Value.of(7L), Value.of(4L), Value.of(1L)), "range(10, 0, -3)");
        assertValue(list(), "range(5, 2)");
        assertValue(list(Value.of(0L), Value.of(1L)), "range(4 / 2)");
        assertValue(Value.of(4950L), "sum(range(100))");
        assertEquals(10_000_000, eval("len(range(10000000))").asLong());
        assertError("range() would be too long (10000001 elements; the limit is 10,000,000)", 0, "range(10000001)");
        assertError("range() would be too long (9223372036854775807 elements; the limit is 10,000,000)", 0,
                "range(-9223372036854775807 - 1, 9223372036854775807)");
        assertError("range() step must not be zero", 0, "range(1, 2, 0)");
        // numpy.arange: integers as range; reals as numpy fills them (values from numpy 1.x/2.x float64:
        // arange(-1, 1, 0.01) has 200 elements, [150] = 0.5000000000000013, [199] = 0.9900000000000018)
        assertValue(list(Value.of(0L), Value.of(1L), Value.of(2L)), "arange(3)");
        assertEquals(200, eval("len(arange(-1, 1, 0.01))").asLong());
        assertValue(Value.of(0.5000000000000013), "arange(-1, 1, 0.01)[150]");
        assertValue(Value.of(0.9900000000000018), "arange(-1, 1, 0.01)[199]");
        assertValue(Value.of(0.30000000000000004), "arange(0, 1, 0.1)[3]");
        assertValue(list(), "arange(1, 0, 0.5)");
        assertError("arange() needs finite numbers and a step other than zero", 0, "arange(0, 1, 0.0)");
        // random_ints: seeded, so the same list every time; every value in [low, high), all of them drawn
        assertTrueExpr("random_ints(1000, 3, 7) == random_ints(1000, 3, 7)");
        assertTrueExpr("random_ints(50, 0, 2, 1) != random_ints(50, 0, 2, 2)");
        assertTrueExpr("min(random_ints(1000, 3, 7)) == 3 and max(random_ints(1000, 3, 7)) == 6");
        assertEquals(1000, eval("len(random_ints(1000, 3, 7))").asLong());
        assertError("random_ints() needs low < high, got 2 and 2", 0, "random_ints(4, 2, 2)");
        assertError("range() needs an integer, got real 2.5", 0, "range(2.5)");
        assertError("min() of an empty list", 0, "min([])");
        assertError("max() of one argument needs a list, got integer 3", 0, "max(3)");
        assertError("min(): cannot compare integer and complex with '<'", 0, "min(z, 1)");
        assertError("len() needs a list or a string, got integer 3", 0, "len(3)");
        assertError("sum() needs a list, got integer 3", 0, "sum(3)");
        assertError("mean() needs a non-empty list, got list []", 0, "mean([])");
        assertError("sum(): cannot add integer and string", 0, "sum(['a'])");
    }

    @Test
    void memoryIsBoundedPerEvaluation() {
        assertError("expression creates too much data (more than 20,000,000 list elements and string characters)", -2,
                "['a' * 9000000, 'b' * 9000000, 'c' * 9000000]");
    }

    @Test
    void evaluationIsRepeatableAndScopeIsReadOnly() throws ExpressionException {
        Expression e = Expression.parse("[x] * 2 + [x]");
        Map<String, Value> scope = Collections.unmodifiableMap(Map.of("x", Value.of(1L)));
        assertEquals(e.evaluate(scope), e.evaluate(scope));
        assertEquals(3, e.evaluate(scope).asList().size());
    }

    @Test
    void displayRoundTrips() throws ExpressionException {
        List<Value> values = List.of(Value.of(0L), Value.of(Long.MIN_VALUE), Value.of(Long.MAX_VALUE), Value.of(-0.0),
                Value.of(Double.NaN), Value.of(Double.NEGATIVE_INFINITY), Value.of(1e300), Value.of(4.9e-324),
                Value.of(0.1), Value.of(1, -2), Value.of(-0.0, -0.0), Value.of(Double.NaN, Double.POSITIVE_INFINITY),
                Value.of(1e20, 3), Value.of("a'b\"c\\d\n"), Value.of(true), list(Value.of(1L), list(Value.of(0, 1))), list());
        for (Value v : values) {
            assertEquals(v, Expression.parse(v.display()).evaluate(Map.of()), v.display());
        }
        assertEquals("(1.0-2.0j)", Value.of(1, -2).display());
        assertEquals("complex(-0.0, nan)", Value.of(-0.0, Double.NaN).display());
        assertEquals("[1, 'x', true]", list(Value.of(1L), Value.of("x"), Value.of(true)).display());
    }

    @Test
    void documentationExamples() {
        assertEquals("(1.0+1.732050807568877j)", eval("(-8) ** (1/3)").display());
        assertValue(Value.of(Math.pow(2, 64)), "2**64");
        assertTrueExpr("2**64 == 1.8446744073709552e19");
        assertComplex(0, 1, "exp(2j * pi * 0.25)", TIGHT);
        assertReal(Math.pow(10, -0.3), "db2lin(-3)", EXACT);
        assertValue(Value.of(2.57), "round(2.567, 2)");
        assertTrueExpr("2 == 2.0 and 2 == 2+0j");
        assertTrueExpr("log(-1) == pi*1j");
        assertEquals("'it\\'s'", Value.of("it's").display());
    }
}
