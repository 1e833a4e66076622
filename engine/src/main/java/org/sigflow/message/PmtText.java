package org.sigflow.message;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * GNU Radio's text form of a PMT ({@code pmt::write_string}, what {@code message_debug} prints): Scheme-like lists
 * {@code (1 2 . 3)}, dicts as lists of pairs {@code ((b . 2.5) (a . 3))}, vectors {@code #(…)}, tuples
 * {@code {…}}, uniform vectors {@code #[…]}; numbers as C++ streams print them (six significant digits for
 * doubles, fixed six decimals for f32 vectors and fifteen for f64 ones).
 */
public final class PmtText {
    private PmtText() {}

    public static String write(Pmt v) {
        StringBuilder sb = new StringBuilder();
        write(v, sb);
        return sb.toString();
    }

    private static void write(Pmt v, StringBuilder sb) {
        switch (v) {
            case Pmt.Nil n -> sb.append("()");
            case Pmt.Bool b -> sb.append(b.value() ? "#t" : "#f");
            case Pmt.Int i -> sb.append(i.value());
            case Pmt.UInt64 u -> sb.append(Long.toUnsignedString(u.bits()));
            case Pmt.Real r -> sb.append(general(r.value()));
            case Pmt.Complex c -> sb.append(general(c.re())).append('+').append(general(c.im())).append('i');
            case Pmt.Symbol s -> sb.append(s.name());
            case Pmt.Pair p -> writeList(p, sb);
            case Pmt.Dict d -> {
                if (d.entries().isEmpty()) {
                    sb.append("()");
                    return;
                }
                sb.append('(');
                for (int i = 0; i < d.entries().size(); i++) {
                    Pmt.Entry e = d.entries().get(i);
                    sb.append(i == 0 ? "" : " ");
                    writeList(new Pmt.Pair(e.key(), e.value()), sb);
                }
                sb.append(')');
            }
            case Pmt.Vector vec -> {
                sb.append("#(");
                items(vec.items(), sb);
                sb.append(')');
            }
            case Pmt.Tuple t -> {
                sb.append('{');
                items(t.items(), sb);
                sb.append('}');
            }
            case Pmt.Uniform u -> writeUniform(u, sb);
        }
    }

    private static void items(java.util.List<Pmt> items, StringBuilder sb) {
        for (int i = 0; i < items.size(); i++) {
            sb.append(i == 0 ? "" : " ");
            write(items.get(i), sb);
        }
    }

    /** {@code (a b . c)}: a pair whose tail is a pair continues the list; a tail that is not nil is dotted. */
    private static void writeList(Pmt.Pair p, StringBuilder sb) {
        sb.append('(');
        write(p.car(), sb);
        Pmt rest = p.cdr();
        while (rest instanceof Pmt.Pair next) {
            sb.append(' ');
            write(next.car(), sb);
            rest = next.cdr();
        }
        if (!(rest instanceof Pmt.Nil)) {
            sb.append(" . ");
            write(rest, sb);
        }
        sb.append(')');
    }

    private static void writeUniform(Pmt.Uniform u, StringBuilder sb) {
        sb.append("#[");
        int n = u.length();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : " ");
            switch (u.kind()) {
                case U8 -> sb.append(((byte[]) u.data())[i] & 0xff);
                case S8 -> sb.append(((byte[]) u.data())[i]);
                case U16 -> sb.append(((short[]) u.data())[i] & 0xffff);
                case S16 -> sb.append(((short[]) u.data())[i]);
                case U32 -> sb.append(((int[]) u.data())[i] & 0xffffffffL);
                case S32 -> sb.append(((int[]) u.data())[i]);
                case U64 -> sb.append(Long.toUnsignedString(((long[]) u.data())[i]));
                case S64 -> sb.append(((long[]) u.data())[i]);
                case F32 -> sb.append(fixed(((float[]) u.data())[i], 6));
                case F64 -> sb.append(fixed(((double[]) u.data())[i], 15));
                case C32 -> {
                    float[] a = (float[]) u.data();
                    sb.append('(').append(general(a[2 * i])).append(',').append(general(a[2 * i + 1])).append(')');
                }
                case C64 -> {
                    double[] a = (double[]) u.data();
                    sb.append('(').append(general(a[2 * i])).append(',').append(general(a[2 * i + 1])).append(')');
                }
            }
        }
        sb.append(']');
    }

    private static String fixed(double v, int decimals) {
        if (!Double.isFinite(v)) {
            return special(v);
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** C's {@code %g} with six significant digits (a C++ stream's default for doubles). */
    public static String general(double v) {
        if (!Double.isFinite(v)) {
            return special(v);
        }
        if (v == 0) {
            return (1 / v < 0) ? "-0" : "0";
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(6, RoundingMode.HALF_EVEN));
        int exp = d.precision() - d.scale() - 1;
        if (exp < -4 || exp >= 6) {
            BigDecimal mantissa = d.movePointLeft(exp);
            String m = strip(mantissa.toPlainString());
            return m + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
        }
        return strip(d.toPlainString());
    }

    private static String strip(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static String special(double v) {
        return Double.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
    }
}
