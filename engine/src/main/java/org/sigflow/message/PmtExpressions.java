package org.sigflow.message;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads the PMT constructors GNU Radio flowgraphs write in Python ({@code pmt.intern("TEST")}, {@code pmt.PMT_T},
 * {@code pmt.cons(pmt.make_dict(), pmt.init_u8vector(4, [1, 2, 3, 4]))}, {@code pmt.to_pmt({"freq": 2000})}) as
 * text, never executing anything: calls of the {@code pmt} module over literals (numbers, strings, booleans,
 * {@code None}, lists, tuples, dicts). Anything else (variables, arithmetic, other modules) is refused with a
 * {@link PmtException} that says what and where.
 */
public final class PmtExpressions {
    private final String text;
    private int pos;

    private PmtExpressions(String text) {
        this.text = text;
    }

    public static Pmt parse(String text) {
        PmtExpressions p = new PmtExpressions(text.strip());
        Object v = p.value();
        p.space();
        if (p.pos < p.text.length()) {
            throw p.error("unexpected '" + p.text.substring(p.pos, Math.min(p.text.length(), p.pos + 12)) + "'");
        }
        return toPmt(v, p);
    }

    /** Python literals parse to Java objects; pmt calls to {@link Pmt}s. */
    private Object value() {
        space();
        if (pos >= text.length()) {
            throw error("a value is missing");
        }
        char c = text.charAt(pos);
        if (c == '"' || c == '\'') {
            return string();
        }
        if (c == '[' || c == '(') {
            pos++;
            List<Object> items = items(c == '[' ? ']' : ')');
            return c == '[' ? items : new Tuple(items);
        }
        if (c == '{') {
            pos++;
            List<Object[]> entries = new ArrayList<>();
            space();
            while (!peek('}')) {
                Object k = value();
                expect(':');
                entries.add(new Object[] {k, value()});
                space();
                if (!peek('}')) {
                    expect(',');
                    space();
                }
            }
            pos++;
            return new DictLiteral(entries);
        }
        if (Character.isDigit(c) || c == '-' || c == '+' || c == '.') {
            Object n = number();
            int save = pos;
            space();
            if (!(n instanceof double[]) && pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                Object im = number();                      // 1-2j: a real and an imaginary literal
                if (im instanceof double[] z) {
                    return new double[] {real(n), z[1]};
                }
            }
            pos = save;
            return n;
        }
        String name = dotted();
        return switch (name) {
            case "True" -> Boolean.TRUE;
            case "False" -> Boolean.FALSE;
            case "None", "pmt.PMT_NIL", "pmt.PMT_EOF" -> Pmt.NIL;
            case "pmt.PMT_T" -> Pmt.TRUE;
            case "pmt.PMT_F" -> Pmt.FALSE;
            default -> {
                space();
                if (!name.startsWith("pmt.") || !peek('(')) {
                    throw error("'" + name + "' is not a literal or a pmt call (SigFlow reads PMT constructors over "
                            + "literal values only, without running Python)");
                }
                pos++;
                yield call(name.substring(4), items(')'));
            }
        };
    }

    private record Tuple(List<Object> items) {}

    private record DictLiteral(List<Object[]> entries) {}

    private List<Object> items(char close) {
        List<Object> out = new ArrayList<>();
        space();
        while (!peek(close)) {
            out.add(value());
            space();
            if (!peek(close)) {
                expect(',');
                space();
            }
        }
        pos++;
        return out;
    }

    private Pmt call(String f, List<Object> a) {
        switch (f) {
            case "intern", "mp", "string_to_symbol" -> {
                if (a.size() == 1 && a.getFirst() instanceof String s) {
                    return Pmt.symbol(s);
                }
                if (f.equals("mp") && a.size() == 1) {
                    return toPmt(a.getFirst(), this);
                }
                throw error("pmt." + f + " takes one string");
            }
            case "from_long", "from_uint64" -> {
                long v = (long) real(arg(a, 0, f));
                return f.equals("from_long") ? Pmt.of(v) : new Pmt.UInt64(v);
            }
            case "from_double", "from_float" -> {
                return Pmt.of(real(arg(a, 0, f)));
            }
            case "from_bool" -> {
                return Pmt.of(Boolean.TRUE.equals(arg(a, 0, f)));
            }
            case "from_complex" -> {
                double[] z = complex(arg(a, 0, f));
                return new Pmt.Complex(z[0], z[1]);
            }
            case "to_pmt" -> {
                return toPmt(arg(a, 0, f), this);
            }
            case "cons" -> {
                return new Pmt.Pair(toPmt(arg(a, 0, f), this), toPmt(arg(a, 1, f), this));
            }
            case "make_dict" -> {
                return Pmt.Dict.EMPTY;
            }
            case "dict_add" -> {
                Pmt d = toPmt(arg(a, 0, f), this);
                Pmt.Dict dict = d instanceof Pmt.Dict x ? x : d instanceof Pmt.Nil ? Pmt.Dict.EMPTY : null;
                if (dict == null) {
                    throw error("pmt.dict_add needs a dict first");
                }
                return dict.with(toPmt(arg(a, 1, f), this), toPmt(arg(a, 2, f), this));
            }
            case "list1", "list2", "list3", "list4", "list5", "list6" -> {
                return Pmt.list(pmts(a));
            }
            case "make_tuple" -> {
                return new Pmt.Tuple(pmts(a));
            }
            case "make_vector" -> {
                int n = count(arg(a, 0, f));
                Pmt fill = toPmt(arg(a, 1, f), this);
                return new Pmt.Vector(java.util.Collections.nCopies(n, fill));
            }
            default -> {
                return uniform(f, a);
            }
        }
    }

    /** {@code make_u8vector(n, fill)} and {@code init_f32vector(n, [values])}. */
    private Pmt uniform(String f, List<Object> a) {
        boolean make = f.startsWith("make_");
        boolean init = f.startsWith("init_");
        UniformKind kind = (make || init) && f.endsWith("vector")
                ? UniformKind.fromId(f.substring(5, f.length() - "vector".length())) : null;
        if (kind == null) {
            throw error("pmt." + f + " is not supported (SigFlow reads intern, from_long, from_double, from_bool, "
                    + "from_complex, to_pmt, cons, make_dict, dict_add, listN, make_tuple, make_vector, "
                    + "make_<k>vector, init_<k>vector, PMT_T, PMT_F, PMT_NIL)");
        }
        int n = count(arg(a, 0, f));
        List<Object> values = new ArrayList<>(n);
        if (make) {
            values.addAll(java.util.Collections.nCopies(n, arg(a, 1, f)));
        } else if (arg(a, 1, f) instanceof List<?> l && l.size() >= n) {
            values.addAll(l.subList(0, n));
        } else {
            throw error("pmt." + f + " needs a list of at least " + n + " values");
        }
        return Uniforms.of(kind, values.stream().map(v -> complex(v)).toList());
    }

    private static List<Pmt> pmts(List<Object> a) {
        List<Pmt> out = new ArrayList<>(a.size());
        a.forEach(x -> out.add(toPmt(x, null)));
        return out;
    }

    /** Python's {@code pmt.to_pmt} of a literal. */
    private static Pmt toPmt(Object v, PmtExpressions where) {
        return switch (v) {
            case Pmt p -> p;
            case Boolean b -> Pmt.of(b);
            case String s -> Pmt.symbol(s);
            case Long l -> Pmt.of(l);
            case Double d -> Pmt.of(d);
            case double[] z -> new Pmt.Complex(z[0], z[1]);
            case List<?> l -> new Pmt.Vector(l.stream().map(x -> toPmt(x, where)).toList());
            case Tuple t -> new Pmt.Tuple(t.items().stream().map(x -> toPmt(x, where)).toList());
            case DictLiteral d -> {
                Pmt.Dict out = Pmt.Dict.EMPTY;
                for (Object[] e : d.entries()) {
                    out = out.with(toPmt(e[0], where), toPmt(e[1], where));
                }
                yield out;
            }
            default -> throw new PmtException("cannot make a PMT of " + v);
        };
    }

    private Object arg(List<Object> a, int i, String f) {
        if (i >= a.size()) {
            throw error("pmt." + f + " needs " + (i + 1) + " argument(s)");
        }
        return a.get(i);
    }

    private int count(Object v) {
        double d = real(v);
        if (d < 0 || d > 1 << 24 || d != Math.rint(d)) {
            throw error("a vector length must be a whole number from 0 to 16777216, got " + v);
        }
        return (int) d;
    }

    private double real(Object v) {
        return switch (v) {
            case Long l -> l;
            case Double d -> d;
            case Boolean b -> b ? 1 : 0;
            default -> throw error("a number is needed, got " + describe(v));
        };
    }

    private double[] complex(Object v) {
        return v instanceof double[] z ? z : new double[] {real(v), 0};
    }

    private static String describe(Object v) {
        return v instanceof Pmt p ? PmtText.write(p) : String.valueOf(v);
    }

    private String string() {
        char q = text.charAt(pos++);
        StringBuilder sb = new StringBuilder();
        while (pos < text.length() && text.charAt(pos) != q) {
            char c = text.charAt(pos++);
            if (c == '\\' && pos < text.length()) {
                char e = text.charAt(pos++);
                sb.append(switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> e;
                });
            } else {
                sb.append(c);
            }
        }
        if (pos >= text.length()) {
            throw error("a string is not closed");
        }
        pos++;
        return sb.toString();
    }

    private Object number() {
        int start = pos;
        while (pos < text.length() && "0123456789+-.eExXabcdefABCDEFjJ_".indexOf(text.charAt(pos)) >= 0) {
            char c = text.charAt(pos);
            if ((c == '+' || c == '-') && pos > start && "eE".indexOf(text.charAt(pos - 1)) < 0
                    && !text.substring(start, pos).toLowerCase(Locale.ROOT).startsWith("0x")) {
                break;
            }
            pos++;
        }
        String s = text.substring(start, pos).replace("_", "");
        try {
            String lower = s.toLowerCase(Locale.ROOT);
            if (lower.endsWith("j")) {
                // Python's -0.5j is -(0.5j): its real part is -0.0
                return new double[] {lower.startsWith("-") ? -0.0 : 0, Double.parseDouble(s.substring(0, s.length() - 1))};
            }
            boolean neg = lower.startsWith("-");
            String body = neg || lower.startsWith("+") ? lower.substring(1) : lower;
            if (body.startsWith("0x")) {
                long v = Long.parseLong(body.substring(2), 16);
                return neg ? -v : v;
            }
            if (body.matches("\\d+")) {
                return Long.parseLong(lower);
            }
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw error("'" + s + "' is not a number");
        }
    }

    private String dotted() {
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_'
                || text.charAt(pos) == '.')) {
            pos++;
        }
        if (pos == start) {
            throw error("unexpected '" + text.charAt(pos) + "'");
        }
        return text.substring(start, pos);
    }

    private void space() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private boolean peek(char c) {
        space();
        if (pos >= text.length()) {
            throw error("'" + c + "' is missing");
        }
        return text.charAt(pos) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("'" + c + "' expected");
        }
        pos++;
    }

    private PmtException error(String what) {
        return new PmtException("PMT expression '" + (text.length() > 60 ? text.substring(0, 57) + "..." : text)
                + "' at column " + (pos + 1) + ": " + what);
    }
}
