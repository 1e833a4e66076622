package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sigflow.expr.Expression;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;

/**
 * gr-trellis objects that GRC variables build in Python, computed at import as GNU Radio 3.10 computes them
 * (viterbi_equalization.grc):
 * <ul>
 * <li>{@code trellis.fsm(I, L)}, the FSM of an ISI channel of L taps with I-ary input ({@code fsm::fsm(int, int)}:
 * S = I^(L-1) states, O = S·I outputs, input i in state s gives t = i·S + s, next state t / I, output t), becomes the
 * FSM's content as text, which the trellis blocks' {@code fsm} param reads; its {@code .I()}, {@code .S()} and
 * {@code .O()} become numbers;</li>
 * <li>{@code fu.make_isi_lookup(modulation, channel, normalize)} becomes the (1, table) tuple of
 * {@code gnuradio.trellis.fsm_utils}: entry o is Σ constellation[d_i]·channel[i] over the base-|constellation|
 * digits d of o, most significant first (channel normalised to unit energy when asked).</li>
 * </ul>
 * The arguments must evaluate from the flowgraph's variables; otherwise the value stays as written (and needs
 * attention). Nothing is run.
 */
final class GrcTrellisObjects {
    private static final Pattern FSM = Pattern.compile("(?s)(?:gnuradio\\.)?trellis\\.fsm\\s*\\((.*)\\)");
    private static final Pattern ISI = Pattern.compile(
            "(?s)(?:fu|(?:gnuradio\\.)?(?:trellis\\.)?fsm_utils)\\.make_isi_lookup\\s*\\((.*)\\)");
    /** Largest table made: O of the FSM, entries of the lookup (GNU Radio's examples: 1024). */
    static final int MAX_ENTRIES = 1 << 16;
    private static final java.util.Set<String> HOLDERS = java.util.Set.of("variable", "parameter");

    private GrcTrellisObjects() {}

    static GrcFlowgraph apply(GrcFlowgraph fg, ImportReport.Builder report) {
        Map<String, String> replaced = new LinkedHashMap<>();
        Map<String, int[]> fsms = new LinkedHashMap<>();       // name → {I, S, O}
        Map<String, Value> scope = null;
        for (GrcBlock b : fg.blocks()) {
            String value = b.params().getOrDefault("value", "").strip();
            Matcher f = FSM.matcher(value);
            Matcher isi = ISI.matcher(value);
            boolean isFsm = f.matches();
            if (!HOLDERS.contains(b.id()) || "disabled".equals(b.state()) || !isFsm && !isi.matches()) {
                continue;
            }
            scope = scope != null ? scope : scope(fg);
            List<String> args = DesignCalls.splitArguments(isFsm ? f.group(1) : isi.group(1));
            String subject = "variable " + b.describe();
            try {
                List<Value> v = new ArrayList<>();
                for (String a : args == null ? List.<String>of() : args) {
                    v.add(evaluate(a, fg, scope));
                }
                if (isFsm) {
                    int[] ios = isiFsm(v);
                    fsms.put(b.name(), ios);
                    replaced.put(b.name(), "'" + fsmText(ios) + "'");
                    report.note(subject, "an ISI trellis FSM (I " + ios[0] + ", S " + ios[1] + ", O " + ios[2]
                            + "): imported as its content, GNU Radio's fsm(" + ios[0] + ", L) tables");
                } else {
                    replaced.put(b.name(), isiLookup(v));
                    report.note(subject, "GNU Radio's make_isi_lookup computed at import: the (1, table) tuple");
                }
            } catch (IllegalArgumentException e) {
                report.attention(subject, "value '" + value + "' kept as written: " + e.getMessage());
            }
        }
        if (replaced.isEmpty()) {
            return fg;
        }
        List<GrcBlock> blocks = new ArrayList<>();
        for (GrcBlock b : fg.blocks()) {
            Map<String, String> p = new LinkedHashMap<>(b.params());
            if (HOLDERS.contains(b.id()) && replaced.containsKey(b.name()) && !"disabled".equals(b.state())) {
                p.put("value", replaced.get(b.name()));
            }
            p.replaceAll((k, v) -> methods(v, fsms));
            blocks.add(new GrcBlock(b.name(), b.id(), p, b.x(), b.y(), b.rotation(), b.state()));
        }
        return new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems());
    }

    /** {@code fsm.I()}, {@code .S()}, {@code .O()} of the FSM variables as numbers. */
    private static String methods(String text, Map<String, int[]> fsms) {
        String out = text;
        for (Map.Entry<String, int[]> e : fsms.entrySet()) {
            int[] ios = e.getValue();
            out = Pattern.compile("(?<![\\w.])" + Pattern.quote(e.getKey()) + "\\.([ISO])\\(\\s*\\)").matcher(out)
                    .replaceAll(m -> Integer.toString(ios["ISO".indexOf(m.group(1))]));
        }
        return out;
    }

    /** The variables' values as far as they translate and evaluate (the trellis objects themselves do not). */
    static Map<String, Value> scope(GrcFlowgraph fg) {
        Map<String, String> defs = new LinkedHashMap<>();
        java.util.Set<String> names = new java.util.HashSet<>();
        fg.blocks().stream().filter(b -> b.params().containsKey("value") && !"disabled".equals(b.state())
                && (HOLDERS.contains(b.id()) || b.id().startsWith("variable_qtgui"))).forEach(b -> names.add(b.name()));
        for (GrcBlock b : fg.blocks()) {
            if (names.contains(b.name()) && !"disabled".equals(b.state())) {
                PythonExpressions.Translation t = PythonExpressions.translate(b.params().get("value"), names);
                if (t.ok()) {
                    defs.put(b.name(), t.text());
                }
            }
        }
        return VariableResolver.resolve(defs, Map.of()).values();
    }

    private static Value evaluate(String python, GrcFlowgraph fg, Map<String, Value> scope) {
        java.util.Set<String> names = scope.keySet();
        PythonExpressions.Translation t = PythonExpressions.translate(python, names);
        if (!t.ok()) {
            throw new IllegalArgumentException("the argument '" + python.strip() + "' is not a SigFlow expression ("
                    + t.problem() + ")");
        }
        try {
            return Expression.parse(t.text()).evaluate(scope);
        } catch (org.sigflow.expr.ExpressionException e) {
            throw new IllegalArgumentException("the argument '" + python.strip() + "' cannot be evaluated from the "
                    + "flowgraph's variables: " + e.getMessage());
        }
    }

    /** {I, S, O} of {@code fsm(I, L)}; only this two-argument form (an FSM file or generator matrix is not here). */
    private static int[] isiFsm(List<Value> v) {
        if (v.size() != 2 || !(v.get(0) instanceof Value.Int i) || !(v.get(1) instanceof Value.Int l)
                || i.value() < 1 || l.value() < 1) {
            throw new IllegalArgumentException("only trellis.fsm(I, L) of two positive integers (an ISI channel) is "
                    + "imported");
        }
        double s = Math.pow(i.value(), l.value() - 1);
        if (s * i.value() > MAX_ENTRIES) {
            throw new IllegalArgumentException("the FSM would have " + (long) (s * i.value()) + " outputs, more than "
                    + MAX_ENTRIES);
        }
        return new int[] {(int) i.value(), (int) s, (int) (s * i.value())};
    }

    /** GNU Radio's FSM file text of fsm(I, L): "I S O", the next-state table, the output table (S rows of I). */
    static String fsmText(int[] ios) {
        int in = ios[0];
        int states = ios[1];
        StringBuilder ns = new StringBuilder();
        StringBuilder os = new StringBuilder();
        for (int s = 0; s < states; s++) {
            for (int i = 0; i < in; i++) {
                int t = i * states + s;
                ns.append(' ').append(t / in);
                os.append(' ').append(t);
            }
        }
        return in + " " + states + " " + ios[2] + ns + os;
    }

    /** fsm_utils.make_isi_lookup(mod, channel, normalize) as Python writes the tuple it returns. */
    private static String isiLookup(List<Value> v) {
        if (v.size() != 3 || !(v.get(0) instanceof Value.ListValue mod) || mod.items().size() != 2
                || !(mod.items().get(1) instanceof Value.ListValue points) || !(v.get(1) instanceof Value.ListValue ch)
                || !(v.get(2) instanceof Value.Bool normalize)) {
            throw new IllegalArgumentException("make_isi_lookup needs a (dimension, points) modulation, a list of "
                    + "channel taps and a boolean");
        }
        double[] c = reals(ch.items(), "channel");
        double[] pts = reals(points.items(), "modulation points");
        if (normalize.value()) {
            double p = 0;
            for (double x : c) {
                p = p + x * x;
            }
            for (int i = 0; i < c.length; i++) {
                c[i] = c[i] / Math.sqrt(p);
            }
        }
        double size = Math.pow(pts.length, c.length);
        if (pts.length == 0 || size > MAX_ENTRIES) {
            throw new IllegalArgumentException("the lookup table would have " + (long) size + " entries (at most "
                    + MAX_ENTRIES + ")");
        }
        List<String> lookup = new ArrayList<>();
        for (int o = 0; o < (int) size; o++) {
            int n = o;
            int[] digits = new int[c.length];
            for (int i = 0; i < c.length; i++) {
                digits[c.length - i - 1] = n % pts.length;
                n = n / pts.length;
            }
            double ll = 0;
            for (int i = 0; i < c.length; i++) {
                ll = ll + pts[digits[i]] * c[i];
            }
            lookup.add(Double.toString(ll));
        }
        return "(1, [" + String.join(", ", lookup) + "])";
    }

    private static double[] reals(List<Value> items, String what) {
        double[] out = new double[items.size()];
        for (int i = 0; i < out.length; i++) {
            if (!items.get(i).isNumeric() || items.get(i) instanceof Value.Complex) {
                throw new IllegalArgumentException("the " + what + " must be real numbers (make_isi_lookup "
                        + "supports one-dimensional modulations)");
            }
            out[i] = items.get(i).asDouble();
        }
        return out;
    }
}
