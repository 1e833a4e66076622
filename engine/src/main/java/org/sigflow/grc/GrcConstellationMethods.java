package org.sigflow.grc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sigflow.blocks.digital.Constellation;
import org.sigflow.expr.Expressions;
import org.sigflow.expr.Value;

/**
 * The methods GRC files call on a {@code variable_constellation} (a preset, or calcdist with literal points)
 * ({@code hdr_const.points()}, {@code .bits_per_symbol()}, {@code .arity()}, {@code .pre_diff_code()},
 * {@code .rotational_symmetry()}, {@code .dimensionality()}) as the values GNU Radio's object returns: points
 * normalised as its constructor does (float32), bits per symbol = floor(log2(arity)). The call text is replaced by a
 * literal before translation; nothing is executed.
 */
final class GrcConstellationMethods {
    private static final Pattern CALL = Pattern.compile(
            "\\A\\s*digital\\.constellation_calcdist\\s*\\((.*)\\)\\s*\\z", Pattern.DOTALL);
    private static final Map<String, String> NORMALIZATION = Map.of(
            "digital.constellation.AMPLITUDE_NORMALIZATION", "amplitude",
            "digital.constellation.POWER_NORMALIZATION", "power", "digital.constellation.NO_NORMALIZATION", "none");

    private GrcConstellationMethods() {}

    private static final Pattern PRESET = Pattern.compile(
            "\\A\\s*digital\\.constellation_(bpsk|qpsk|dqpsk|8psk|16qam)\\s*\\(\\s*\\)\\s*\\z");
    private static final Map<String, Integer> ROTATIONS = Map.of("bpsk", 2, "qpsk", 4, "dqpsk", 4, "8psk", 8,
            "16qam", 4);

    /** {@code name.method()} → literal, for a constellation variable whose call is {@code raw}; empty if unknown. */
    static Map<String, String> of(String name, String raw) {
        Matcher preset = PRESET.matcher(raw);
        if (preset.matches()) {
            float[][] p = Constellation.preset(preset.group(1));
            StringBuilder code = new StringBuilder("[");
            for (int i = 0; i < p[1].length; i++) {
                code.append(i == 0 ? "" : ", ").append((int) p[1][i]);
            }
            return methods(name, p[0], 1, code.append("]").toString(),
                    String.valueOf(ROTATIONS.get(preset.group(1))));
        }
        Matcher m = CALL.matcher(raw);
        List<String> args = m.matches() ? DesignCalls.splitArguments(m.group(1)) : null;
        if (args == null || args.size() != 5 || !NORMALIZATION.containsKey(args.get(4).strip())) {
            return Map.of();
        }
        try {
            List<Value> points = Expressions.evaluate(PythonExpressions.translate(args.get(0), java.util.Set.of())
                    .text(), Map.of()).asList();
            int dims = (int) Expressions.evaluate(args.get(3).strip(), Map.of()).asDouble();
            float[] p = new float[2 * points.size()];
            for (int i = 0; i < points.size(); i++) {
                p[2 * i] = (float) points.get(i).re();
                p[2 * i + 1] = (float) points.get(i).im();
            }
            return methods(name, Constellation.normalized(p, NORMALIZATION.get(args.get(4).strip())), dims,
                    PythonExpressions.translate(args.get(1), java.util.Set.of()).text(), args.get(2).strip());
        } catch (org.sigflow.expr.ExpressionException | RuntimeException e) {
            return Map.of();                                // points not literal: the calls stay as written
        }
    }

    private static Map<String, String> methods(String name, float[] points, int dims, String preDiffCode,
                                               String rotation) {
        int arity = points.length / 2 / Math.max(1, dims);
        Map<String, String> out = new LinkedHashMap<>();
        out.put(name + ".points()", literal(points));
        out.put(name + ".arity()", String.valueOf(arity));
        out.put(name + ".bits_per_symbol()", String.valueOf(31 - Integer.numberOfLeadingZeros(Math.max(1, arity))));
        out.put(name + ".pre_diff_code()", preDiffCode);
        out.put(name + ".rotational_symmetry()", rotation);
        out.put(name + ".dimensionality()", String.valueOf(dims));
        return out;
    }

    private static String literal(float[] p) {
        StringBuilder sb = new StringBuilder("[");
        boolean real = true;
        for (int i = 1; i < p.length; i += 2) {
            real &= p[i] == 0;
        }
        for (int i = 0; i < p.length; i += 2) {
            sb.append(i == 0 ? "" : ", ").append(real ? number(p[i]) : "complex(" + number(p[i]) + ", "
                    + number(p[i + 1]) + ")");
        }
        return sb.append("]").toString();
    }

    private static String number(float f) {
        return Double.toString(f).replace('E', 'e');
    }

    /** Replaces every known method call in {@code text} (outside nothing else: these are plain dotted calls). */
    static String expand(String text, Map<String, String> methods) {
        String out = text;
        for (Map.Entry<String, String> e : methods.entrySet()) {
            out = out.replaceAll("(?<![\\w.])" + Pattern.quote(e.getKey()), Matcher.quoteReplacement(
                    "(" + e.getValue() + ")"));
        }
        return out;
    }
}
