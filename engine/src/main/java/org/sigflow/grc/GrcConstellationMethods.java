package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sigflow.expr.Expression;
import org.sigflow.expr.ExpressionException;
import org.sigflow.expr.Value;

/**
 * Calls of a constellation object's methods in GRC params ({@code const.points()}, {@code constel.arity()},
 * {@code hdr_const.bits_per_symbol()}, {@code .dimensionality()}, {@code .pre_diff_code()}, also through
 * {@code .base()}) become the values
 * GNU Radio 3.10 returns, when the object is a preset ({@code digital.constellation_qpsk()},
 * {@code digital.qpsk_constellation()}, … as a variable's value or written in place) or a {@code variable_constellation}
 * / {@code constellation_calcdist} call with literal points (normalised in float32 as GNU Radio's constructor). A
 * constellation variable that nothing else refers to afterwards is left out with a note: SigFlow's expressions have
 * no objects. The preset points are GNU Radio's float32 values (printed by its Python).
 */
final class GrcConstellationMethods {
    private record Preset(String points, int arity, String preDiffCode) {
        Preset(String points, int arity) {
            this(points, arity, "[]");
        }
    }

    private static final String Q = "1.4142135381698608";
    private static final String C = "0.9238795042037964";
    private static final String L = "0.3162277638912201";
    private static final String L3 = "0.9486832618713379";
    private static final Map<String, Preset> PRESETS = Map.of(
            "constellation_bpsk", new Preset("[-1, 1]", 2),
            "bpsk_constellation", new Preset("[-1, 1]", 2),
            "constellation_qpsk", new Preset(list("-" + Q + "-" + Q + "j", Q + "-" + Q + "j", "-" + Q + "+" + Q + "j",
                    Q + "+" + Q + "j"), 4, "[0, 2, 3, 1]"),
            "qpsk_constellation", new Preset(list("-" + Q + "-" + Q + "j", Q + "-" + Q + "j", "-" + Q + "+" + Q + "j",
                    Q + "+" + Q + "j"), 4, "[0, 2, 3, 1]"),
            "constellation_dqpsk", new Preset(list(Q + "+" + Q + "j", "-" + Q + "+" + Q + "j", "-" + Q + "-" + Q + "j",
                    Q + "-" + Q + "j"), 4, "[0, 1, 3, 2]"),
            "constellation_8psk", new Preset(list(C + "+0.3826834559440613j", "-0.9238796234130859+0.38268327713012695j",
                    "0.9238795638084412-0.3826834261417389j", "-" + C + "-0.3826834261417389j",
                    "0.3826834261417389+" + C + "j", "-0.38268351554870605+" + C + "j",
                    "0.3826836049556732-0.9238794445991516j", "-0.382683128118515-0.9238796830177307j"), 8),
            "constellation_16qam", new Preset(list(L + "-" + L + "j", "-" + L + "-" + L + "j", L3 + "-" + L3 + "j",
                    "-" + L3 + "-" + L3 + "j", "-" + L3 + "-" + L + "j", L3 + "-" + L + "j", "-" + L + "-" + L3 + "j",
                    L + "-" + L3 + "j", "-" + L3 + "+" + L3 + "j", L3 + "+" + L3 + "j", "-" + L + "+" + L + "j",
                    L + "+" + L + "j", L + "+" + L3 + "j", "-" + L + "+" + L3 + "j", L3 + "+" + L + "j",
                    "-" + L3 + "+" + L + "j"), 16));
    private static final Pattern PRESET_CALL = Pattern.compile(
            "digital\\.(\\w+)\\(\\s*\\)(?:\\.base\\(\\))?");
    private static final String METHOD =
            "(?:\\.base\\(\\))?\\.(points|arity|bits_per_symbol|dimensionality|pre_diff_code)\\(\\)";

    /** Blocks whose value may be a constellation object: a variable, or a hier block's parameter (its default). */
    private static final java.util.Set<String> OBJECT_HOLDERS = java.util.Set.of("variable", "parameter");

    private GrcConstellationMethods() {}

    private static String list(String... points) {
        return "[" + String.join(", ", points) + "]";
    }

    /** The flowgraph with constellation method calls replaced by their values (same flowgraph if there are none). */
    static GrcFlowgraph apply(GrcFlowgraph fg, ImportReport.Builder report) {
        Map<String, Preset> objects = new LinkedHashMap<>();
        Map<String, String> presetCalls = new LinkedHashMap<>();   // name -> digital.constellation_qpsk()
        for (GrcBlock b : fg.blocks()) {
            String value = b.id().equals(GrcConstellations.KIND) ? GrcConstellations.call(b.params())
                    : OBJECT_HOLDERS.contains(b.id()) ? b.params().getOrDefault("value", "") : null;
            Preset p = value == null ? null : object(value.strip());
            if (p != null) {
                objects.put(b.name(), p);
                if (PRESET_CALL.matcher(value.strip()).matches()) {
                    presetCalls.put(b.name(), value.strip().replaceFirst("\\.base\\(\\)\\z", ""));
                }
            }
        }
        List<GrcBlock> blocks = new ArrayList<>();
        boolean changed = false;
        for (GrcBlock b : fg.blocks()) {
            Map<String, String> params = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : b.params().entrySet()) {
                String v = baseCalls(replace(e.getValue(), objects), presetCalls);
                changed |= !v.equals(e.getValue());
                params.put(e.getKey(), v);
            }
            blocks.add(new GrcBlock(b.name(), b.id(), params, b.x(), b.y(), b.rotation(), b.state()));
        }
        // an object variable nothing refers to (any more): SigFlow has no value for it
        changed |= blocks.removeIf(b -> (b.id().equals(GrcConstellations.KIND)
                || OBJECT_HOLDERS.contains(b.id()) && objects.containsKey(b.name())) && unused(b.name(), blocks)
                && noteDropped(b, report));
        return changed ? new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems()) : fg;
    }

    private static boolean noteDropped(GrcBlock b, ImportReport.Builder report) {
        report.note("variable " + b.describe(), "a GNU Radio constellation object that no block takes whole (the"
                + " values of its methods, points, arity, bits per symbol, are written where they are used): not "
                + "imported as a variable" + (b.id().equals("parameter") ? "; as a hier block's parameter it is no "
                + "parameter of the imported hier block: a parent passing another constellation gets a variant with "
                + "it built in" : ""));
        return true;
    }

    private static boolean unused(String name, List<GrcBlock> blocks) {
        Pattern use = Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "(?!\\w)");
        return blocks.stream().filter(b -> !b.name().equals(name))
                .flatMap(b -> b.params().entrySet().stream()).filter(e -> !e.getKey().equals("comment"))
                .noneMatch(e -> use.matcher(e.getValue()).find());
    }

    private static String replace(String text, Map<String, Preset> objects) {
        String out = text;
        for (Map.Entry<String, Preset> o : objects.entrySet()) {
            Pattern p = Pattern.compile("(?<![\\w.])" + Pattern.quote(o.getKey()) + METHOD);
            out = substitute(out, p, o.getValue());
        }
        // parentheses nested three deep: calcdist((digital.psk_2()[0]), …)
        Matcher m = Pattern.compile("(digital\\.\\w+\\((?:[^()]|\\((?:[^()]|\\([^()]*\\))*\\))*\\))" + METHOD)
                .matcher(out);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            Preset p = object(m.group(1));
            String v = p == null ? null : value(p, m.group(2));
            m.appendReplacement(sb, Matcher.quoteReplacement(v == null ? m.group() : v));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /**
     * A preset object passed whole as {@code name.base()} (an OFDM equalizer's or a decoder's constellation argument)
     * becomes its call, {@code digital.constellation_bpsk().base()}, which the mappings read.
     */
    private static String baseCalls(String text, Map<String, String> presetCalls) {
        String out = text;
        for (Map.Entry<String, String> c : presetCalls.entrySet()) {
            out = out.replaceAll("(?<![\\w.])" + Pattern.quote(c.getKey()) + "\\.base\\(\\)",
                    Matcher.quoteReplacement(c.getValue() + ".base()"));
        }
        return out;
    }

    private static String substitute(String text, Pattern p, Preset preset) {
        Matcher m = p.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = value(preset, m.group(1));
            m.appendReplacement(sb, Matcher.quoteReplacement(v == null ? m.group() : v));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static String value(Preset p, String method) {
        return switch (method) {
            case "points" -> p.points();   // null: not known (kept as written)
            case "arity" -> Integer.toString(p.arity());
            case "pre_diff_code" -> p.preDiffCode();
            case "bits_per_symbol" -> Integer.toString(31 - Integer.numberOfLeadingZeros(p.arity()));
            default -> "1";
        };
    }

    /** The constellation a Python value makes, or null: a preset call, or calcdist with literal points. */
    private static Preset object(String value) {
        Matcher m = PRESET_CALL.matcher(value);
        if (m.matches()) {
            return PRESETS.get(m.group(1));
        }
        String calcdist = "digital.constellation_calcdist(";
        if (!value.startsWith(calcdist)) {
            return null;
        }
        value = value.replaceFirst("\\)\\s*\\.base\\(\\)\\z", ")");   // the same object (packet_tx.grc)
        List<String> args = DesignCalls.splitArguments(value.substring(calcdist.length(), value.lastIndexOf(')')));
        if (args == null || args.size() < 4) {
            return null;
        }
        try {
            Value pts = Expression.parse(PythonExpressions.tuplesToLists(GrcConstellations.table(args.get(0))))
                    .evaluate(Map.of());
            int dims = (int) Expression.parse(args.get(3).strip()).evaluate(Map.of()).asDouble();
            if (!(pts instanceof Value.ListValue l) || l.items().isEmpty() || dims < 1) {
                return null;
            }
            String norm = args.size() > 4 ? args.get(4).strip() : "digital.constellation.AMPLITUDE_NORMALIZATION";
            String map = PythonExpressions.tuplesToLists(GrcConstellations.table(args.get(1)));
            Value code = Expression.parse(map).evaluate(Map.of());
            return new Preset(normalised(l.items(), norm), l.items().size() / dims,
                    code instanceof Value.ListValue ? map : null);
        } catch (ExpressionException | RuntimeException e) {
            return null;
        }
    }

    /** GNU Radio's constellation constructor normalisation, in float32; null for an unknown normalisation. */
    private static String normalised(List<Value> items, String norm) {
        int n = items.size();
        float[] re = new float[n];
        float[] im = new float[n];
        for (int i = 0; i < n; i++) {
            re[i] = (float) items.get(i).re();
            im[i] = (float) items.get(i).im();
        }
        float scale = 1f;
        if (norm.endsWith("POWER_NORMALIZATION")) {
            float sum = 0f;
            for (int i = 0; i < n; i++) {
                sum += re[i] * re[i] + im[i] * im[i];
            }
            scale = (float) Math.sqrt(n / sum);
        } else if (norm.endsWith("AMPLITUDE_NORMALIZATION")) {
            float sum = 0f;
            for (int i = 0; i < n; i++) {
                sum += (float) Math.hypot(re[i], im[i]);
            }
            scale = n / sum;
        } else if (!norm.endsWith("NO_NORMALIZATION")) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            float r = re[i] * scale;
            float j = im[i] * scale;
            out.add(String.format(Locale.ROOT, "%s%s%sj", Double.toString(r), j < 0 || (j == 0 && 1 / j < 0) ? "" : "+",
                    Double.toString(j)));
        }
        return "[" + String.join(", ", out) + "]";
    }
}
