package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;

/**
 * Objects a GRC flowgraph passes into a GRC hier block's object parameters ({@link GrcObjectParameters}; also
 * constellations, whose methods become values): packet_loopback_hier.grc gives {@code packet_tx} a cc encoder
 * {@code enc}, a repetition encoder {@code enc_hdr}, a header format and a QPSK {@code Const_PLD}. SigFlow's values
 * hold no objects, so the object is built into a variant of the hier block: its parameter's default becomes the
 * parent's object, written out ({@code fec.cc_encoder_make(8000, 7, 2, [109, 79], 0, fec.CC_TERMINATED, False)}: the
 * parent's variables in its arguments are replaced by their values, since the variant cannot see them). Nothing is
 * run: the object's constructor call is text the inner blocks' mappings read.
 */
final class GrcHierVariants {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_]\\w*");

    private GrcHierVariants() {}

    /**
     * The objects a block using a hier block passes, by param: each value that is (or names a variable holding) a
     * FEC coder, header format or constellation, written out with the parent's variables replaced by their values.
     * An argument that cannot be evaluated that way is reported and the param left out (the hier block's default
     * object stays).
     */
    static Map<String, String> objects(GrcBlock b, GrcVariables vars, Map<String, String> grcTypes,
                                       ImportReport.Builder report) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : b.params().entrySet()) {
            String text = e.getValue().strip();
            String held = NAME.matcher(text).matches() ? vars.grcText(text) : null;
            String object = held != null ? held.strip() : text;
            if (!isObject(object)) {
                continue;
            }
            String written = writeOut(object, vars, grcTypes);
            if (written == null) {
                report.attention("block " + b.describe(), e.getKey() + " = '" + e.getValue() + "': the object '"
                        + object + "' has arguments that are not values of this flowgraph's variables; the hier "
                        + "block's default object is used");
                continue;
            }
            out.put(e.getKey(), written);
        }
        return out;
    }

    /** FEC coders, header formats and constellations (calcdist calls, presets). */
    static boolean isObject(String value) {
        return GrcObjectParameters.isObject(value);
    }

    /** Whether two object texts are the same object as written (spaces and a trailing .base() aside). */
    static boolean same(String a, String b) {
        return normal(a).equals(normal(b));
    }

    private static String normal(String s) {
        String t = s.strip().replaceFirst("\\)\\s*\\.base\\(\\)\\z", ")");
        String calcdist = "digital.constellation_calcdist(";
        if (t.startsWith(calcdist) && t.endsWith(")")) {
            // GNU Radio's point tables as their values, the default normalisation left out
            List<String> args = DesignCalls.splitArguments(t.substring(calcdist.length(), t.length() - 1));
            if (args != null) {
                List<String> a = new ArrayList<>(args.stream().map(x -> GrcConstellations.table(x).strip()).toList());
                if (a.size() == 5 && a.get(4).equals("digital.constellation.AMPLITUDE_NORMALIZATION")) {
                    a.removeLast();
                }
                t = calcdist + String.join(",", a) + ")";
            }
        }
        return t.replaceAll("\\s+", "");
    }

    /**
     * The call with each argument that uses the flowgraph's variables replaced by its value (a Python literal);
     * other arguments ({@code fec.CC_TERMINATED}, point tables) as written; null if such an argument cannot be
     * evaluated.
     */
    static String writeOut(String call, GrcVariables vars, Map<String, String> grcTypes) {
        int open = call.indexOf('(');
        if (open < 0 || !call.endsWith(")")) {
            return call;
        }
        List<String> args = DesignCalls.splitArguments(call.substring(open + 1, call.length() - 1));
        if (args == null) {
            return null;
        }
        VariableResolver.Resolution scope = null;
        List<String> written = new ArrayList<>();
        for (String arg : args) {
            String a = arg.strip();
            if (!usesVariables(a, vars)) {
                written.add(a);
                continue;
            }
            PythonExpressions.Translation t = PythonExpressions.translate(a, vars.names(), grcTypes);
            if (!t.ok()) {
                return null;
            }
            if (scope == null) {
                scope = VariableResolver.resolve(vars.values(), Map.of());
            }
            try {
                String literal = literal(org.sigflow.expr.Expression.parse(t.text()).evaluate(scope.values()));
                if (literal == null) {
                    return null;
                }
                written.add(literal);
            } catch (org.sigflow.expr.ExpressionException | RuntimeException e) {
                return null;
            }
        }
        return call.substring(0, open + 1) + String.join(", ", written) + ")";
    }

    private static boolean usesVariables(String arg, GrcVariables vars) {
        java.util.regex.Matcher m = Pattern.compile("(?<![\\w.])[A-Za-z_]\\w*(?![\\w(])").matcher(arg);
        while (m.find()) {
            if (vars.names().contains(m.group())) {
                return true;
            }
        }
        return false;
    }

    /** A value as Python writes it (numbers, booleans, strings, lists of them); null for anything else. */
    static String literal(Value v) {
        return switch (v) {
            case Value.Int i -> Long.toString(i.value());
            case Value.Real r -> r.value() == Math.rint(r.value()) && Math.abs(r.value()) < 1e15
                    ? Long.toString((long) r.value()) + ".0" : Double.toString(r.value());
            case Value.Bool b -> b.value() ? "True" : "False";
            case Value.Str s -> PythonExpressions.stringLiteral(s.value());
            case Value.Complex c -> "(" + c.re() + (c.im() < 0 ? "" : "+") + c.im() + "j)";
            case Value.ListValue l -> {
                List<String> items = new ArrayList<>();
                for (Value item : l.items()) {
                    String s = literal(item);
                    if (s == null) {
                        yield null;
                    }
                    items.add(s);
                }
                yield "[" + String.join(", ", items) + "]";
            }
            default -> null;
        };
    }
}
