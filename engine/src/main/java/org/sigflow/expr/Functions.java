package org.sigflow.expr;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.DoublePredicate;
import java.util.function.DoubleUnaryOperator;
import org.sigflow.expr.Value.Complex;
import org.sigflow.expr.Value.Int;
import org.sigflow.expr.Value.ListValue;
import org.sigflow.expr.Value.Real;

/** The fixed table of built-in functions: name → argument count and implementation. */
final class Functions {
    private Functions() {}

    @FunctionalInterface
    interface Impl {
        Value apply(List<Value> args);
    }

    record Function(String name, int minArgs, int maxArgs, Impl impl) {
        /** The message for a call with {@code n} arguments, or null when the count is fine. */
        String arityProblem(int n) {
            if (n >= minArgs && n <= maxArgs) {
                return null;
            }
            String expected;
            if (minArgs == maxArgs) {
                expected = minArgs + " argument" + (minArgs == 1 ? "" : "s");
            } else if (maxArgs == Integer.MAX_VALUE) {
                expected = "at least " + minArgs + " argument" + (minArgs == 1 ? "" : "s");
            } else if (maxArgs == minArgs + 1) {
                expected = minArgs + " or " + maxArgs + " arguments";
            } else {
                expected = minArgs + " to " + maxArgs + " arguments";
            }
            return name + "() takes " + expected + ", got " + n;
        }
    }

    /** Complex counterpart of a real function, on (re, im). */
    @FunctionalInterface
    private interface ComplexFn {
        Complex apply(double re, double im);
    }

    private static final Map<String, Function> TABLE = build();

    static Function get(String name) {
        return TABLE.get(name);
    }

    static Set<String> names() {
        return TABLE.keySet();
    }

    private static Map<String, Function> build() {
        Map<String, Function> t = new TreeMap<>();
        DoublePredicate any = x -> true;
        DoublePredicate unit = x -> x >= -1 && x <= 1;
        DoublePredicate nonNegative = x -> x >= 0;
        // Where the real result would not be real (sqrt(-4), log(-1), asin(2)) the complex one is given (numpy.emath).
        math(t, "sqrt", nonNegative, Math::sqrt, ComplexMath::sqrt);
        math(t, "exp", any, Math::exp, ComplexMath::exp);
        math(t, "log10", nonNegative, Math::log10, (re, im) -> scale(ComplexMath.log(re, im), 1 / Math.log(10)));
        math(t, "sin", any, Math::sin, ComplexMath::sin);
        math(t, "cos", any, Math::cos, ComplexMath::cos);
        math(t, "tan", any, Math::tan, ComplexMath::tan);
        math(t, "asin", unit, Math::asin, ComplexMath::asin);
        math(t, "acos", unit, Math::acos, ComplexMath::acos);
        math(t, "atan", any, Math::atan, ComplexMath::atan);
        math(t, "sinh", any, Math::sinh, ComplexMath::sinh);
        math(t, "cosh", any, Math::cosh, ComplexMath::cosh);
        math(t, "tanh", any, Math::tanh, ComplexMath::tanh);
        def(t, "log", 1, 2, a -> a.size() == 1 ? log(a.getFirst())
                : Arithmetic.binary(BinaryOp.DIV, log(a.get(0)), log(a.get(1))));
        def(t, "atan2", 2, 2, a -> new Real(Math.atan2(real("atan2", a.get(0)), real("atan2", a.get(1)))));
        def(t, "pow", 2, 2, a -> Arithmetic.power(a.get(0), a.get(1)));
        def(t, "abs", 1, 1, a -> abs(a.getFirst()));
        def(t, "square", 1, 1, a -> square(a.getFirst()));
        def(t, "min", 1, Integer.MAX_VALUE, a -> extreme("min", a, BinaryOp.LT));
        def(t, "max", 1, Integer.MAX_VALUE, a -> extreme("max", a, BinaryOp.GT));
        def(t, "int", 1, 1, a -> toInt(a.getFirst()));
        def(t, "float", 1, 1, a -> new Real(real("float", a.getFirst())));
        def(t, "round", 1, 2, a -> a.size() == 1 ? roundToInt(a.getFirst()) : round(a.get(0), count("round", a.get(1))));
        def(t, "floor", 1, 1, a -> a.getFirst() instanceof Int ? a.getFirst()
                : new Int(toLong("floor", Math.floor(real("floor", a.getFirst())))));
        def(t, "ceil", 1, 1, a -> a.getFirst() instanceof Int ? a.getFirst()
                : new Int(toLong("ceil", Math.ceil(real("ceil", a.getFirst())))));
        def(t, "real", 1, 1, a -> number("real", a.getFirst()) instanceof Complex c ? new Real(c.re()) : a.getFirst());
        def(t, "imag", 1, 1, a -> switch (number("imag", a.getFirst())) {
            case Complex c -> new Real(c.im());
            case Int i -> new Int(0);
            default -> new Real(0.0);
        });
        def(t, "conj", 1, 1, a -> number("conj", a.getFirst()) instanceof Complex c ? new Complex(c.re(), -c.im()) : a.getFirst());
        def(t, "arg", 1, 1, a -> new Real(Math.atan2(number("arg", a.getFirst()).im(), a.getFirst().re())));
        def(t, "complex", 1, 2, a -> new Complex(real("complex", a.get(0)), a.size() == 2 ? real("complex", a.get(1)) : 0.0));
        def(t, "len", 1, 1, a -> switch (a.getFirst()) {
            case ListValue l -> new Int(l.items().size());
            case Value.Str s -> new Int(s.value().codePointCount(0, s.value().length()));
            default -> throw new EvalError("len() needs a list or a string, got " + a.getFirst().describe());
        });
        def(t, "sum", 1, 1, a -> sum(a.getFirst()));
        def(t, "mean", 1, 1, a -> mean(a.getFirst()));
        // text of a value as its literal (a string as is): GNU Radio's PMT text built from variables reads it
        def(t, "str", 1, 1, a -> a.getFirst() instanceof Value.Str s ? s : new Value.Str(ValueFormat.format(a.getFirst())));
        def(t, "range", 1, 3, Functions::range);
        def(t, "arange", 1, 3, Functions::arange);
        def(t, "ones", 1, 1, a -> ArrayFunctions.filled("ones", a.getFirst(), 1.0));
        def(t, "zeros", 1, 1, a -> ArrayFunctions.filled("zeros", a.getFirst(), 0.0));
        def(t, "kron", 2, 2, a -> ArrayFunctions.kron(a.get(0), a.get(1)));
        def(t, "transpose_flat", 2, 2, a -> ArrayFunctions.transposeFlat(a.get(0), a.get(1)));
        def(t, "random_ints", 3, 4, Functions::randomInts);
        def(t, "db2lin", 1, 1, a -> new Real(Math.pow(10, real("db2lin", a.getFirst()) / 10)));
        def(t, "lin2db", 1, 1, a -> lin2db(real("lin2db", a.getFirst())));
        def(t, "root_raised_cosine", 5, 5, TapDesigns::rootRaisedCosine);
        def(t, "low_pass_2", 5, 7, TapDesigns::lowPass2);
        def(t, "low_pass", 4, 6, a -> TapDesigns.windowed("low_pass", org.sigflow.dsp.FilterKind.LOW_PASS, a));
        def(t, "high_pass", 4, 6, a -> TapDesigns.windowed("high_pass", org.sigflow.dsp.FilterKind.HIGH_PASS, a));
        def(t, "band_pass", 5, 7, a -> TapDesigns.windowed("band_pass", org.sigflow.dsp.FilterKind.BAND_PASS, a));
        def(t, "band_reject", 5, 7, a -> TapDesigns.windowed("band_reject", org.sigflow.dsp.FilterKind.BAND_STOP, a));
        def(t, "firdes_window", 2, 3, TapDesigns::windowTaps);
        def(t, "modulate_vector", 8, 8, a -> {
            try {
                return org.sigflow.blocks.digital.ModulateVector.apply(a);
            } catch (IllegalArgumentException e) {
                throw new EvalError(e.getMessage());
            }
        });
        return Collections.unmodifiableMap(t);
    }

    private static void def(Map<String, Function> t, String name, int min, int max, Impl impl) {
        t.put(name, new Function(name, min, max, impl));
    }

    private static void math(Map<String, Function> t, String name, DoublePredicate realDomain, DoubleUnaryOperator real,
                             ComplexFn complex) {
        def(t, name, 1, 1, a -> switch (number(name, a.getFirst())) {
            case Complex c -> complex.apply(c.re(), c.im());
            case Value v when realDomain.test(v.asDouble()) || Double.isNaN(v.asDouble()) -> new Real(real.applyAsDouble(v.asDouble()));
            case Value v -> complex.apply(v.asDouble(), 0.0);
        });
    }

    private static Complex scale(Complex c, double k) {
        return new Complex(c.re() * k, c.im() * k);
    }

    /** Natural log; log(0) is -inf as in numpy, log of a negative real is complex. */
    private static Value log(Value v) {
        return switch (number("log", v)) {
            case Complex c -> ComplexMath.log(c.re(), c.im());
            case Value x when x.asDouble() >= 0 || Double.isNaN(x.asDouble()) -> new Real(Math.log(x.asDouble()));
            case Value x -> ComplexMath.log(x.asDouble(), 0.0);
        };
    }

    /** numpy.square: x * x, element by element for a list. */
    private static Value square(Value v) {
        if (v instanceof ListValue l) {
            return new ListValue(l.items().stream().map(Functions::square).toList());
        }
        return Arithmetic.binary(BinaryOp.MUL, number("square", v), v);
    }

    private static Value abs(Value v) {
        if (v instanceof ListValue l) {                  // numpy.abs: element by element
            return new ListValue(l.items().stream().map(Functions::abs).toList());
        }
        return switch (number("abs", v)) {
            case Int i -> i.value() == Long.MIN_VALUE ? new Real(-(double) Long.MIN_VALUE) : new Int(Math.abs(i.value()));
            case Complex c -> new Real(Math.hypot(c.re(), c.im()));
            default -> new Real(Math.abs(v.asDouble()));
        };
    }

    /** min/max of two or more arguments or of one list; returns the chosen element itself (int stays int). */
    private static Value extreme(String name, List<Value> args, BinaryOp better) {
        List<Value> items = args;
        if (args.size() == 1) {
            if (!(args.getFirst() instanceof ListValue l)) {
                throw new EvalError(name + "() of one argument needs a list, got " + args.getFirst().describe());
            }
            items = l.items();
            if (items.isEmpty()) {
                throw new EvalError(name + "() of an empty list");
            }
        }
        Value best = items.getFirst();
        for (Value v : items.subList(1, items.size())) {
            try {
                if (Arithmetic.order(better, v, best)) {
                    best = v;
                }
            } catch (EvalError e) {
                throw new EvalError(name + "(): " + e.getMessage());
            }
        }
        return best;
    }

    private static Value toInt(Value v) {
        return switch (v) {
            case Int i -> i;
            case Value.Bool b -> new Int(b.value() ? 1 : 0);
            case Real r -> new Int(toLong("int", r.value()));
            default -> throw new EvalError("int() needs a real number, got " + v.describe());
        };
    }

    /** Truncates toward zero; NaN, infinities and values beyond 64 bits are errors. */
    private static long toLong(String name, double d) {
        if (Double.isNaN(d)) {
            throw new EvalError(name + "() cannot convert nan to an integer");
        }
        if (Double.isInfinite(d)) {
            throw new EvalError(name + "() cannot convert " + (d > 0 ? "inf" : "-inf") + " to an integer");
        }
        if (d >= 0x1p63 || d < -0x1p63) {
            throw new EvalError(name + "(): " + ValueFormat.format(new Real(d)) + " is too large for an integer");
        }
        return (long) d;
    }

    /** round(x): to the nearest integer, halves to even (Python 3: round(2.5) == 2). */
    private static Value roundToInt(Value v) {
        if (v instanceof Int) {
            return v;
        }
        return new Int(toLong("round", Math.rint(real("round", v))));
    }

    /** round(x, n): halves to even on the exact binary value, as Python does (round(2.675, 2) == 2.67). */
    private static Value round(Value v, long digits) {
        if (v instanceof Int i) {
            if (digits >= 0) {
                return i;
            }
            if (digits < -19) {
                return new Int(0);
            }
            BigDecimal r = new BigDecimal(i.value()).setScale((int) digits, RoundingMode.HALF_EVEN);
            try {
                return new Int(r.longValueExact());
            } catch (ArithmeticException overflow) {
                return new Real(r.doubleValue());
            }
        }
        double x = real("round", v);
        if (!Double.isFinite(x) || x == 0 || digits > 1100) {
            return new Real(x); // a double has at most 1074 decimals: nothing to round
        }
        if (digits < -400) {
            return new Real(Math.copySign(0.0, x));
        }
        double r = new BigDecimal(x).setScale((int) digits, RoundingMode.HALF_EVEN).doubleValue();
        return new Real(r == 0 ? Math.copySign(0.0, x) : r);
    }

    private static Value sum(Value v) {
        if (!(v instanceof ListValue l)) {
            throw new EvalError("sum() needs a list, got " + v.describe());
        }
        Value total = new Int(0);
        for (Value item : l.items()) {
            try {
                total = Arithmetic.add(total, item);
            } catch (EvalError e) {
                throw new EvalError("sum(): " + e.getMessage());
            }
        }
        return total;
    }

    /** numpy.mean of a list: its sum over its length (a real or complex value); an empty list has none. */
    private static Value mean(Value v) {
        if (!(v instanceof ListValue l) || l.items().isEmpty()) {
            throw new EvalError("mean() needs a non-empty list, got " + v.describe());
        }
        try {
            return Arithmetic.binary(BinaryOp.DIV, sum(v), new Real(l.items().size()));
        } catch (EvalError e) {
            throw new EvalError("mean(): " + e.getMessage());
        }
    }

    private static Value range(List<Value> a) {
        long start = a.size() == 1 ? 0 : count("range", a.get(0));
        long stop = count("range", a.size() == 1 ? a.get(0) : a.get(1));
        long step = a.size() == 3 ? count("range", a.get(2)) : 1;
        if (step == 0) {
            throw new EvalError("range() step must not be zero");
        }
        long n;
        try {
            long span = Math.subtractExact(stop, start);
            n = step > 0 ? (span <= 0 ? 0 : (span - 1) / step + 1) : (span >= 0 ? 0 : (span + 1) / step + 1);
        } catch (ArithmeticException overflow) {
            n = Long.MAX_VALUE;
        }
        Arithmetic.checkSize(n, "range()", "elements");
        List<Value> items = new ArrayList<>((int) n);
        for (long k = 0; k < n; k++) {
            items.add(new Int(start + k * step));
        }
        return new ListValue(items);
    }

    /**
     * numpy's {@code arange(start, stop, step)}: integers as {@code range}; with a real, {@code ceil((stop - start) /
     * step)} reals {@code start + i * delta}, {@code delta = (start + step) - start} as numpy fills them.
     */
    private static Value arange(List<Value> a) {
        if (a.stream().allMatch(v -> v instanceof Int)) {
            return range(a);
        }
        double start = a.size() == 1 ? 0 : real("arange", a.get(0));
        double stop = real("arange", a.size() == 1 ? a.get(0) : a.get(1));
        double step = a.size() == 3 ? real("arange", a.get(2)) : 1;
        if (step == 0 || !Double.isFinite(step) || !Double.isFinite(start) || !Double.isFinite(stop)) {
            throw new EvalError("arange() needs finite numbers and a step other than zero");
        }
        double len = Math.ceil((stop - start) / step);
        long n = len > 0 ? (long) Math.min(len, Long.MAX_VALUE) : 0;
        Arithmetic.checkSize(n, "arange()", "elements");
        double delta = (start + step) - start;
        List<Value> items = new ArrayList<>((int) n);
        for (long k = 0; k < n; k++) {
            items.add(new Real(start + k * delta));
        }
        return new ListValue(items);
    }

    /**
     * {@code random_ints(count, low, high[, seed])}: {@code count} pseudo-random integers in {@code [low, high)} from
     * xoroshiro128+ (seed default 0), so the same every evaluation: for GRC's {@code [random.randrange(n) for i in
     * range(k)]}, which GNU Radio draws afresh each run.
     */
    private static Value randomInts(List<Value> a) {
        long n = count("random_ints", a.get(0));
        long low = count("random_ints", a.get(1));
        long high = count("random_ints", a.get(2));
        if (high <= low) {
            throw new EvalError("random_ints() needs low < high, got " + low + " and " + high);
        }
        Arithmetic.checkSize(Math.max(0, n), "random_ints()", "elements");
        org.sigflow.dsp.Xoroshiro128p rng = new org.sigflow.dsp.Xoroshiro128p(a.size() > 3
                ? count("random_ints", a.get(3)) : 0);
        List<Value> items = new ArrayList<>((int) Math.max(0, n));
        for (long k = 0; k < n; k++) {
            items.add(new Int(low + Long.remainderUnsigned(rng.next(), high - low)));
        }
        return new ListValue(items);
    }

    private static Value lin2db(double x) {
        if (x < 0) {
            throw new EvalError("lin2db() needs a non-negative number, got " + ValueFormat.format(new Real(x)));
        }
        return new Real(10 * Math.log10(x));
    }

    /** An integer argument; an integral real such as 4.0 is accepted too (e.g. the result of n/2). */
    static long count(String name, Value v) {
        if (v instanceof Int i) {
            return i.value();
        }
        if (v instanceof Real r && r.value() == Math.rint(r.value()) && Math.abs(r.value()) < 0x1p63) {
            return (long) r.value();
        }
        throw new EvalError(name + "() needs an integer, got " + v.describe());
    }

    private static Value number(String name, Value v) {
        if (!v.isNumeric()) {
            throw new EvalError(name + "() needs a number, got " + v.describe());
        }
        return v;
    }

    private static double real(String name, Value v) {
        if (!v.isNumber()) {
            throw new EvalError(name + "() needs a real number, got " + v.describe());
        }
        return v.asDouble();
    }
}
