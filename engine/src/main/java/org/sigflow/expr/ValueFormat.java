package org.sigflow.expr;

/**
 * Writes values back in the language's own syntax, for messages and for saving evaluated values. Whatever it
 * writes parses back to an equal value (including nan, inf, -0.0 and the smallest integer).
 */
final class ValueFormat {
    private ValueFormat() {}

    static String format(Value v) {
        StringBuilder sb = new StringBuilder();
        append(sb, v, Integer.MAX_VALUE);
        return sb.toString();
    }

    /** At most about {@code max} characters, ending in "..." when cut; cheap even for huge lists. */
    static String abbreviated(Value v, int max) {
        StringBuilder sb = new StringBuilder();
        append(sb, v, max);
        return sb.length() <= max ? sb.toString() : sb.substring(0, max - 3) + "...";
    }

    private static void append(StringBuilder sb, Value v, int max) {
        switch (v) {
            case Value.Int i -> sb.append(i.value() == Long.MIN_VALUE ? "(-9223372036854775807-1)" : Long.toString(i.value()));
            case Value.Real r -> sb.append(real(r.value()));
            case Value.Complex c -> sb.append(complex(c.re(), c.im()));
            case Value.Bool b -> sb.append(b.value() ? "true" : "false");
            case Value.Str s -> string(sb, s.value(), max);
            case Value.ListValue l -> {
                sb.append('[');
                for (int k = 0; k < l.items().size() && sb.length() <= max; k++) {
                    if (k > 0) {
                        sb.append(", ");
                    }
                    append(sb, l.items().get(k), max);
                }
                sb.append(']');
            }
        }
    }

    private static void string(StringBuilder sb, String s, int max) {
        sb.append('\'');
        for (int k = 0; k < s.length() && sb.length() <= max; k++) {
            char c = s.charAt(k);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\'' -> sb.append("\\'");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> sb.append(c);
            }
        }
        sb.append('\'');
    }

    /**
     * {@code (1.0+2.0j)} reads back exactly when both parts are finite and not -0.0 (re + 0.0 would lose the
     * sign of a -0.0); otherwise {@code complex(re, im)} is written.
     */
    private static String complex(double re, double im) {
        if (Double.isFinite(re) && Double.isFinite(im) && !negativeZero(re) && !negativeZero(im)) {
            return "(" + real(re) + (im < 0 ? "-" : "+") + real(Math.abs(im)) + "j)";
        }
        return "complex(" + real(re) + ", " + real(im) + ")";
    }

    private static boolean negativeZero(double d) {
        return d == 0 && 1 / d < 0;
    }

    static String real(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (negativeZero(d)) {
            return "-0.0";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d) + ".0";
        }
        return Double.toString(d);
    }
}
