package org.sigflow.expr;

import java.util.stream.Collectors;

/** Writes values back in the language's own syntax, for messages and for saving evaluated values. */
final class ValueFormat {
    private ValueFormat() {}

    static String format(Value v) {
        return switch (v) {
            case Value.Int i -> Long.toString(i.value());
            case Value.Real r -> real(r.value());
            case Value.Complex c -> "(" + real(c.re()) + (c.im() < 0 || (c.im() == 0 && 1 / c.im() < 0) ? "-" : "+")
                    + real(Math.abs(c.im())) + "j)";
            case Value.Bool b -> b.value() ? "true" : "false";
            case Value.Str s -> "'" + s.value().replace("\\", "\\\\").replace("'", "\\'") + "'";
            case Value.ListValue l -> l.items().stream().map(ValueFormat::format).collect(Collectors.joining(", ", "[", "]"));
        };
    }

    private static String real(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d) + ".0";
        }
        return Double.toString(d);
    }
}
