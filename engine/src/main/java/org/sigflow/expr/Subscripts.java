package org.sigflow.expr;

import java.util.ArrayList;
import java.util.List;

/** Python's {@code x[i]} and {@code x[a:b:step]} on lists and strings, negative indices counting from the end. */
final class Subscripts {
    private Subscripts() {}

    static Value index(Value target, Value index) {
        int n = length(target, "index");
        long i = integer(index, "index");
        long k = i < 0 ? i + n : i;
        if (k < 0 || k >= n) {
            throw new EvalError("index " + i + " is out of range for a " + target.typeName() + " of length " + n, -1);
        }
        return target instanceof Value.Str s
                ? new Value.Str(String.valueOf(s.value().charAt((int) k)))
                : ((Value.ListValue) target).items().get((int) k);
    }

    static Value slice(Value target, Value from, Value to, Value stepValue) {
        int n = length(target, "slice");
        long step = stepValue == null ? 1 : integer(stepValue, "slice step");
        if (step == 0) {
            throw new EvalError("slice step cannot be zero", -1);
        }
        long start = bound(from, n, step, true);
        long stop = bound(to, n, step, false);
        List<Integer> picked = new ArrayList<>();
        for (long k = start; step > 0 ? k < stop : k > stop; k += step) {
            picked.add((int) k);
        }
        if (target instanceof Value.Str s) {
            StringBuilder sb = new StringBuilder(picked.size());
            picked.forEach(k -> sb.append(s.value().charAt(k)));
            return new Value.Str(sb.toString());
        }
        List<Value> items = ((Value.ListValue) target).items();
        List<Value> out = new ArrayList<>(picked.size());
        picked.forEach(k -> out.add(items.get(k)));
        return new Value.ListValue(out);
    }

    /** Clamps a slice bound the way Python does, with defaults that depend on the step's sign. */
    private static long bound(Value v, int n, long step, boolean isStart) {
        if (v == null) {
            if (isStart) {
                return step > 0 ? 0 : n - 1;
            }
            return step > 0 ? n : -1;
        }
        long i = integer(v, "slice bound");
        if (i < 0) {
            i += n;
            if (i < 0) {
                return step > 0 ? 0 : -1;
            }
        } else if (i >= n) {
            return step > 0 ? n : n - 1;
        }
        return i;
    }

    private static int length(Value target, String what) {
        return switch (target) {
            case Value.ListValue l -> l.items().size();
            case Value.Str s -> s.value().length();
            default -> throw new EvalError("cannot " + what + " " + target.describe() + " (only lists and strings)", -1);
        };
    }

    /** Integers, and integral reals such as {@code n / 2} with n even, as for repetition counts. */
    private static long integer(Value v, String what) {
        if (v instanceof Value.Int i) {
            return i.value();
        }
        if (v instanceof Value.Real r && r.value() == Math.rint(r.value()) && Math.abs(r.value()) < 1e18) {
            return (long) r.value();
        }
        throw new EvalError(what + " must be an integer, got " + v.describe(), -1);
    }
}
