package org.sigflow.expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.DoubleBinaryOperator;
import java.util.function.LongBinaryOperator;
import org.sigflow.expr.Value.Complex;
import org.sigflow.expr.Value.Int;
import org.sigflow.expr.Value.ListValue;
import org.sigflow.expr.Value.Real;
import org.sigflow.expr.Value.Str;

/**
 * Operators on values. Numbers promote integer → real → complex; integer results that do not fit in 64 bits
 * become reals. In arithmetic and ordering a boolean counts as the integer 0 or 1, as in Python
 * ({@code pow(10, a/20.0)*enabled}); {@code ==} still compares a boolean only with a boolean.
 */
final class Arithmetic {
    private Arithmetic() {}

    /** Most elements a list (or characters a string) made by one operation may have. */
    static final int MAX_SIZE = 10_000_000;

    @FunctionalInterface
    private interface ComplexOp {
        Complex apply(double ar, double ai, double br, double bi);
    }

    static Value binary(BinaryOp op, Value a, Value b) {
        if (op != BinaryOp.EQ && op != BinaryOp.NE && (a instanceof Value.Bool || b instanceof Value.Bool)) {
            try {
                return binary(op, asInt(a), asInt(b));
            } catch (EvalError e) {
                // name the operands as written: "cannot add string and boolean", not "... and integer"
                throw e.getMessage().equals(op.cannot(asInt(a), asInt(b))) ? new EvalError(op.cannot(a, b)) : e;
            }
        }
        return switch (op) {
            case ADD -> add(a, b);
            case SUB -> numeric(op, a, b, Math::subtractExact, (x, y) -> x - y, ComplexMath::sub);
            case MUL -> multiply(a, b);
            case DIV -> divide(a, b);
            case FLOOR_DIV -> floorDivide(a, b);
            case MOD -> modulo(a, b);
            case POW -> power(a, b);
            case EQ -> new Value.Bool(equal(a, b));
            case NE -> new Value.Bool(!equal(a, b));
            case LT, LE, GT, GE -> new Value.Bool(order(op, a, b));
        };
    }

    /** Python's bool is an int subclass: True is 1 and False is 0 in arithmetic. */
    private static Value asInt(Value v) {
        return v instanceof Value.Bool b ? new Int(b.value() ? 1 : 0) : v;
    }

    static Value add(Value a, Value b) {
        if (a instanceof Str x && b instanceof Str y) {
            checkSize((long) x.value().length() + y.value().length(), "string", "characters");
            return new Str(x.value() + y.value());
        }
        if (a instanceof ListValue x && b instanceof ListValue y) {
            checkSize((long) x.items().size() + y.items().size(), "list", "elements");
            List<Value> items = new ArrayList<>(x.items());
            items.addAll(y.items());
            return new ListValue(items);
        }
        return numeric(BinaryOp.ADD, a, b, Math::addExact, Double::sum, ComplexMath::add);
    }

    private static Value multiply(Value a, Value b) {
        if ((a instanceof ListValue || a instanceof Str) && (b instanceof ListValue || b instanceof Str)) {
            throw new EvalError(BinaryOp.MUL.cannot(a, b));
        }
        if (a instanceof ListValue || a instanceof Str) {
            return repeat(a, b);
        }
        if (b instanceof ListValue || b instanceof Str) {
            return repeat(b, a);
        }
        return numeric(BinaryOp.MUL, a, b, Math::multiplyExact, (x, y) -> x * y, ComplexMath::mul);
    }

    /** {@code [0.0]*64}, {@code 'ab'*3}; a count below one gives an empty result, as in Python. */
    private static Value repeat(Value sequence, Value count) {
        if (!(count instanceof Int) && !(count instanceof Real r && r.value() == Math.rint(r.value()))) {
            throw new EvalError("can only repeat a " + sequence.typeName() + " by an integer, got " + count.describe());
        }
        long n = Math.max(0, count instanceof Int i ? i.value() : (long) count.asDouble());
        if (sequence instanceof Str s) {
            checkSize(s.value().isEmpty() || n == 0 ? 0 : n > MAX_SIZE ? n : n * s.value().length(), "string", "characters");
            return new Str(s.value().repeat((int) n));
        }
        List<Value> items = sequence.asList();
        checkSize(items.isEmpty() || n == 0 ? 0 : n > MAX_SIZE ? n : n * items.size(), "list", "elements");
        if (items.size() == 1) {
            return new ListValue(Collections.nCopies((int) n, items.getFirst()));
        }
        List<Value> out = new ArrayList<>((int) (n * items.size()));
        for (long k = 0; k < n; k++) {
            out.addAll(items);
        }
        return new ListValue(out);
    }

    static void checkSize(long size, String what, String units) {
        if (size > MAX_SIZE) {
            throw new EvalError(what + " would be too long (" + size + " " + units + "; the limit is "
                    + String.format("%,d", MAX_SIZE) + ")");
        }
    }

    /** True division: the result is never an integer (Python 3). */
    private static Value divide(Value a, Value b) {
        requireNumbers(BinaryOp.DIV, a, b);
        if (a instanceof Complex || b instanceof Complex) {
            return ComplexMath.div(a.re(), a.im(), b.re(), b.im());
        }
        double y = b.asDouble();
        if (y == 0) {
            throw new EvalError("division by zero");
        }
        return new Real(a.asDouble() / y);
    }

    private static Value floorDivide(Value a, Value b) {
        requireReals(BinaryOp.FLOOR_DIV, a, b);
        if (a instanceof Int x && b instanceof Int y) {
            if (y.value() == 0) {
                throw new EvalError("division by zero");
            }
            if (x.value() == Long.MIN_VALUE && y.value() == -1) {
                return new Real(-(double) Long.MIN_VALUE);
            }
            return new Int(Math.floorDiv(x.value(), y.value()));
        }
        double y = b.asDouble();
        if (y == 0) {
            throw new EvalError("division by zero");
        }
        return new Real(pythonFloorDiv(a.asDouble(), y));
    }

    private static Value modulo(Value a, Value b) {
        requireReals(BinaryOp.MOD, a, b);
        if (a instanceof Int x && b instanceof Int y) {
            if (y.value() == 0) {
                throw new EvalError("division by zero");
            }
            return new Int(Math.floorMod(x.value(), y.value()));
        }
        double y = b.asDouble();
        if (y == 0) {
            throw new EvalError("division by zero");
        }
        return new Real(pythonMod(a.asDouble(), y));
    }

    /** CPython's float modulo: the result has the sign of the divisor. */
    static double pythonMod(double x, double y) {
        double mod = x % y;
        if (mod != 0) {
            if ((y < 0) != (mod < 0)) {
                mod += y;
            }
        } else {
            mod = Math.copySign(0.0, y);
        }
        return mod;
    }

    /** CPython's float floor division (float_divmod), exact where a naive floor(x / y) is not. */
    static double pythonFloorDiv(double x, double y) {
        double mod = x % y;
        double div = (x - mod) / y;
        if (mod != 0 && (y < 0) != (mod < 0)) {
            div -= 1.0;
        }
        if (div != 0) {
            double floor = Math.floor(div);
            if (div - floor > 0.5) {
                floor += 1.0;
            }
            return floor;
        }
        return Math.copySign(0.0, x / y);
    }

    static Value power(Value a, Value b) {
        requireNumbers(BinaryOp.POW, a, b);
        if (a instanceof Int x && b instanceof Int y) {
            if (y.value() >= 0) {
                return integerPower(x.value(), y.value());
            }
            if (x.value() == 0) {
                throw new EvalError("zero cannot be raised to a negative power");
            }
            return new Real(Math.pow(x.value(), y.value()));
        }
        if (a instanceof Complex || b instanceof Complex) {
            return ComplexMath.pow(a.re(), a.im(), b.re(), b.im());
        }
        double x = a.asDouble();
        double y = b.asDouble();
        if (x == 0 && y < 0) {
            throw new EvalError("zero cannot be raised to a negative power");
        }
        // A negative number to a fractional power has no real value: give the complex one, as Python 3 does.
        if (x < 0 && Double.isFinite(x) && Double.isFinite(y) && y != Math.rint(y)) {
            return ComplexMath.pow(x, 0, y, 0);
        }
        return new Real(Math.pow(x, y));
    }

    private static Value integerPower(long base, long exponent) {
        try {
            long result = 1;
            long b = base;
            long e = exponent;
            while (e > 0) {
                if ((e & 1) == 1) {
                    result = Math.multiplyExact(result, b);
                }
                e >>= 1;
                if (e > 0) {
                    b = Math.multiplyExact(b, b);
                }
            }
            return new Int(result);
        } catch (ArithmeticException overflow) {
            return new Real(Math.pow(base, exponent));
        }
    }

    static Value negate(Value v) {
        return switch (asInt(v)) {
            case Int i -> i.value() == Long.MIN_VALUE ? new Real(-(double) i.value()) : new Int(-i.value());
            case Real r -> new Real(-r.value());
            case Complex c -> new Complex(-c.re(), -c.im());
            default -> throw new EvalError("cannot negate " + v.describe());
        };
    }

    static Value plus(Value v) {
        v = asInt(v);
        if (!v.isNumeric()) {
            throw new EvalError("unary '+' needs a number, got " + v.describe());
        }
        return v;
    }

    /** Language equality: numbers by value across int/real/complex, lists element-wise, other kinds never equal. */
    static boolean equal(Value a, Value b) {
        if (a.isNumeric() && b.isNumeric()) {
            if (a instanceof Int x && b instanceof Int y) {
                return x.value() == y.value();
            }
            return a.re() == b.re() && a.im() == b.im();
        }
        return switch (a) {
            case Str x when b instanceof Str y -> x.value().equals(y.value());
            case Value.Bool x when b instanceof Value.Bool y -> x.value() == y.value();
            case ListValue x when b instanceof ListValue y -> equalLists(x.items(), y.items());
            default -> false;
        };
    }

    private static boolean equalLists(List<Value> x, List<Value> y) {
        if (x.size() != y.size()) {
            return false;
        }
        for (int i = 0; i < x.size(); i++) {
            if (!equal(x.get(i), y.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Ordering: real numbers with each other, strings with each other. */
    static boolean order(BinaryOp op, Value a, Value b) {
        int c;
        if (a instanceof Int x && b instanceof Int y) {
            c = Long.compare(x.value(), y.value());
        } else if (a.isNumber() && b.isNumber()) {
            double x = a.asDouble();
            double y = b.asDouble();
            if (Double.isNaN(x) || Double.isNaN(y)) {
                return false;
            }
            c = x < y ? -1 : x > y ? 1 : 0;
        } else if (a instanceof Str x && b instanceof Str y) {
            c = x.value().compareTo(y.value());
        } else {
            throw new EvalError(op.cannot(a, b));
        }
        return switch (op) {
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            default -> throw new IllegalArgumentException(op.name());
        };
    }

    private static Value numeric(BinaryOp op, Value a, Value b, LongBinaryOperator exact, DoubleBinaryOperator real,
                                 ComplexOp complex) {
        requireNumbers(op, a, b);
        if (a instanceof Int x && b instanceof Int y) {
            try {
                return new Int(exact.applyAsLong(x.value(), y.value()));
            } catch (ArithmeticException overflow) {
                return new Real(real.applyAsDouble(x.value(), y.value()));
            }
        }
        if (a instanceof Complex || b instanceof Complex) {
            return complex.apply(a.re(), a.im(), b.re(), b.im());
        }
        return new Real(real.applyAsDouble(a.asDouble(), b.asDouble()));
    }

    private static void requireNumbers(BinaryOp op, Value a, Value b) {
        if (!a.isNumeric() || !b.isNumeric()) {
            throw new EvalError(op.cannot(a, b));
        }
    }

    private static void requireReals(BinaryOp op, Value a, Value b) {
        requireNumbers(op, a, b);
        if (a instanceof Complex || b instanceof Complex) {
            throw new EvalError("cannot use '" + op.symbol + "' on complex numbers");
        }
    }
}
