package org.sigflow.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Properties over random input: the language never fails other than with an ExpressionException. */
class ExpressionFuzzProperties {
    private static final Map<String, Value> SCOPE = ExprAssertions.SCOPE;

    /** Parses and evaluates; only a clean ExpressionException may come out (anything else fails the property). */
    private static Value parseAndEvaluate(String text) {
        try {
            Expression e = Expression.parse(text);
            e.references();
            return e.evaluate(SCOPE);
        } catch (ExpressionException e) {
            assertFalse(e.detail().startsWith("internal error"), e.getMessage());
            assertTrue(e.position() >= -1 && e.position() <= text.length(), "position " + e.position());
            assertEquals(text, e.text());
            return null;
        }
    }

    // (1) Random text.

    @Property
    void anyStringParsesOrFailsCleanly(@ForAll String text) {
        parseAndEvaluate(text);
    }

    @Property
    void expressionLikeTextParsesOrFailsCleanly(@ForAll("expressionLike") String text) {
        parseAndEvaluate(text);
    }

    @Provide
    Arbitrary<String> expressionLike() {
        Arbitrary<String> token = Arbitraries.of(
                "0", "1", "2", "7", "42", "0x1F", "0b1", "0o7", "1_000", "1.5", ".5", "1.", "1e6", "2.4e9", "1e-3", "1e",
                "1j", "2.5j", "9223372036854775807", "1e308", "10000000", "9999999", "0.0", "-0.0",
                "+", "-", "*", "/", "//", "%", "**", "==", "!=", "<", "<=", ">", ">=", "=", "^", "&&", "!", ".",
                "(", ")", "(", ")", "[", "]", ",", "'", "\"", "\\", "'abc'", "\"x\\n\"", " ", " ", "\t", "\n",
                "samp_rate", "freq", "z", "name", "taps", "flag", "x", "samp_rte", "_", "j", "e", "E",
                "pi", "inf", "nan", "true", "False", "and", "or", "not", "if", "else",
                "sqrt(", "sin(", "log(", "exp(", "abs(", "min(", "max(", "int(", "round(", "floor(", "pow(", "atan2(",
                "real(", "imag(", "conj(", "arg(", "len(", "sum(", "range(", "db2lin(", "lin2db(", "complex(", "foo(");
        return token.list().ofMaxSize(40).map(tokens -> String.join("", tokens));
    }

    @Property(tries = 300)
    void deepNestingFailsCleanly(@ForAll @IntRange(min = 0, max = 1000) int depth,
                                 @ForAll @IntRange(min = 0, max = 8) int kind) {
        String[][] nesters = {{"(", ")"}, {"[", "]"}, {"-", ""}, {"not ", ""}, {"2**", ""}, {"sqrt(", ")"},
                {"1 if true else ", ""}, {"[1, ", "]"}, {"min(1, ", ")"}};
        String text = nesters[kind][0].repeat(depth) + "1" + nesters[kind][1].repeat(depth);
        Value v = parseAndEvaluate(text);
        if (depth <= Parser.MAX_DEPTH / 2) {
            assertTrue(v != null, text);
        }
    }

    // (2) display() reads back as the same value.

    @Property
    void displayRoundTrips(@ForAll("values") Value v) throws ExpressionException {
        assertEquals(v, Expression.parse(v.display()).evaluate(Map.of()), v.display());
    }

    @Provide
    Arbitrary<Value> values() {
        Arbitrary<Value> scalar = Arbitraries.oneOf(
                Arbitraries.longs().map(Value::of),
                Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L).map(Value::of),
                anyDouble().map(Value::of),
                Combinators.combine(anyDouble(), anyDouble()).as((re, im) -> Value.of(re, im)),
                Arbitraries.strings().ofMaxLength(30).map(Value::of),
                Arbitraries.of(true, false).map(Value::of));
        return Arbitraries.recursive(() -> scalar,
                inner -> inner.list().ofMaxSize(4).map(items -> (Value) new Value.ListValue(items)), 0, 3);
    }

    /** All doubles: ordinary ones, special values and arbitrary bit patterns (subnormals, NaN payloads). */
    @Provide
    Arbitrary<Double> anyDouble() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.doubles().withStandardSpecialValues()),
                net.jqwik.api.Tuple.of(3, Arbitraries.longs().map(Double::longBitsToDouble)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
                        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 1e15, 0.1)));
    }

    // (3) Arithmetic on reals is exactly Java's double arithmetic.

    @Property
    void realArithmeticMatchesJava(@ForAll("anyDouble") double a, @ForAll("anyDouble") double b,
                                   @ForAll("realOps") String op) throws ExpressionException {
        String text = "(" + Value.of(a).display() + ") " + op + " (" + Value.of(b).display() + ")";
        boolean zeroDivisor = b == 0 && op.equals("/");
        boolean zeroToNegative = a == 0 && b < 0 && op.equals("**");
        boolean complexPower = op.equals("**") && a < 0 && Double.isFinite(a) && Double.isFinite(b) && b != Math.rint(b);
        if (zeroDivisor || zeroToNegative) {
            ExpressionException e = org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class,
                    () -> Expressions.evaluate(text, Map.of()), text);
            assertTrue(e.detail().equals("division by zero") || e.detail().equals("zero cannot be raised to a negative power"));
            return;
        }
        Value result = Expressions.evaluate(text, Map.of());
        if (complexPower) {
            assertTrue(result instanceof Value.Complex, text);
            return;
        }
        double expected = switch (op) {
            case "+" -> a + b;
            case "-" -> a - b;
            case "*" -> a * b;
            case "/" -> a / b;
            case "**" -> Math.pow(a, b);
            default -> throw new IllegalArgumentException(op);
        };
        assertEquals(Value.of(expected), result, text);
    }

    @Provide
    Arbitrary<String> realOps() {
        return Arbitraries.of("+", "-", "*", "/", "**");
    }

    @Property
    void integerArithmeticIsExactOrBecomesReal(@ForAll long a, @ForAll long b, @ForAll("intOps") String op)
            throws ExpressionException {
        String text = "(" + Value.of(a).display() + ") " + op + " (" + Value.of(b).display() + ")";
        if (b == 0 && !op.equals("+") && !op.equals("-") && !op.equals("*")) {
            assertEquals("division by zero", org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class,
                    () -> Expressions.evaluate(text, Map.of())).detail());
            return;
        }
        Value expected;
        try {
            expected = Value.of(switch (op) {
                case "+" -> Math.addExact(a, b);
                case "-" -> Math.subtractExact(a, b);
                case "*" -> Math.multiplyExact(a, b);
                case "//" -> a == Long.MIN_VALUE && b == -1 ? Math.negateExact(a) : Math.floorDiv(a, b);
                case "%" -> Math.floorMod(a, b);
                default -> throw new IllegalArgumentException(op);
            });
        } catch (ArithmeticException overflow) {
            expected = Value.of(switch (op) {
                case "+" -> (double) a + (double) b;
                case "-" -> (double) a - (double) b;
                case "*" -> (double) a * (double) b;
                default -> -(double) a;
            });
        }
        assertEquals(expected, Expressions.evaluate(text, Map.of()), text);
    }

    @Provide
    Arbitrary<String> intOps() {
        return Arbitraries.of("+", "-", "*", "//", "%");
    }

    // (4) Random well-formed expressions evaluate, or fail only with a documented numeric error.

    private static final List<Pattern> DOCUMENTED_ERRORS = List.of(
            "division by zero",
            "zero cannot be raised to a negative( or complex)? power",
            "\\w+\\(\\) cannot convert (nan|inf|-inf) to an integer",
            "\\w+\\(\\): .* is too large for an integer",
            "cannot use '(//|%)' on complex numbers",
            "(\\w+\\(\\): )?cannot compare (complex and \\w+|\\w+ and complex) with '[<>=]+'",
            "\\w+\\(\\) needs a real number, got complex .*",
            "round\\(\\) needs an integer, got .*",
            "lin2db\\(\\) needs a non-negative number, got .*").stream().map(Pattern::compile).toList();

    @Property(edgeCases = EdgeCasesMode.NONE) // edge cases of deeply combined generators are slow to build
    void wellFormedExpressionsEvaluateOrFailAsDocumented(@ForAll("wellFormed") String text) {
        try {
            Value v = Expressions.evaluate(text, SCOPE);
            assertTrue(v.isNumeric(), text + " gave " + v.describe());
        } catch (ExpressionException e) {
            assertTrue(DOCUMENTED_ERRORS.stream().anyMatch(p -> p.matcher(e.detail()).matches()),
                    text + " failed with an undocumented error: " + e.getMessage());
        }

    }

    @Provide
    Arbitrary<String> wellFormed() {
        Arbitrary<String> leaf = Arbitraries.oneOf(
                Arbitraries.integers().between(-5, 100).map(String::valueOf),
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.doubles().between(-1e6, 1e6).map(d -> Value.of(d).display()),
                Arbitraries.doubles().between(-10, 10).map(d -> Value.of(d).display() + "j"),
                Arbitraries.of("0", "0.0", "1", "pi", "e", "inf", "nan", "samp_rate", "freq", "z", "1e308", "2.5j"));
        return Arbitraries.recursive(() -> leaf, this::wellFormedNode, 0, 5);
    }

    private Arbitrary<String> wellFormedNode(Arbitrary<String> sub) {
        Arbitrary<String> binaryOp = Arbitraries.of("+", "-", "*", "/", "//", "%", "**");
        Arbitrary<String> function1 = Arbitraries.of("sqrt", "sin", "cos", "tan", "exp", "log", "log10", "abs", "int",
                "round", "floor", "ceil", "asin", "acos", "atan", "sinh", "cosh", "tanh", "real", "imag", "conj", "arg",
                "db2lin", "lin2db", "float");
        Arbitrary<String> function2 = Arbitraries.of("atan2", "pow", "min", "max", "round", "log", "complex");
        Arbitrary<String> comparison = Arbitraries.of("<", "<=", ">", ">=", "==", "!=");
        return Arbitraries.oneOf(
                Combinators.combine(sub, binaryOp, sub).as((a, op, b) -> "(" + a + " " + op + " " + b + ")"),
                Combinators.combine(sub, binaryOp, sub).as((a, op, b) -> a + " " + op + " " + b),
                sub.map(a -> "-" + a),
                sub.map(a -> "+(" + a + ")"),
                Combinators.combine(function1, sub).as((f, a) -> f + "(" + a + ")"),
                Combinators.combine(function2, sub, sub).as((f, a, b) -> f + "(" + a + ", " + b + ")"),
                Combinators.combine(sub, sub, comparison, sub).as((a, b, cmp, c) ->
                        "(" + a + " if " + b + " " + cmp + " " + c + " else " + c + ")"),
                sub.map(a -> "sum([" + a + ", " + a + "])"),
                sub.map(a -> "len([" + a + "]) * " + a));
    }
}
