package org.sigflow.grc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;

/**
 * One mapped GRC block → one SigFlow block instance: params through the mapping's rules, position, rotation,
 * state and comment. A value that cannot be translated is kept as written (so validation points at it) and named
 * in the report and in the block's comment; nothing is guessed.
 */
final class GrcBlockTranslator {
    /** GRC settings of the GNU Radio runtime or the GRC canvas that every block has; they have no meaning here. */
    private static final Set<String> GRC_INFRASTRUCTURE = Set.of("alias", "affinity", "maxoutbuf", "minoutbuf",
            "showports", "gui_hint", "comment");

    private final GrcVariables vars;
    private final Set<String> variables;
    private final Map<String, String> grcBlocks;
    private final ImportReport.Builder report;
    /** Untranslatable variables whose call a block's taps were designed from. */
    private final Set<String> designedFrom = new java.util.LinkedHashSet<>();

    GrcBlockTranslator(GrcVariables vars, Map<String, String> grcBlocks, ImportReport.Builder report) {
        this.vars = vars;
        this.variables = vars.names();
        this.grcBlocks = grcBlocks;
        this.report = report;
    }

    BlockInstance translate(GrcBlock b, GrcMapping mapping, BlockDef def) {
        String subject = "block " + b.describe();
        Map<String, String> values = new HashMap<>(mapping.set());    // GRC params (designed taps) may override
        List<String> attention = new ArrayList<>();
        // params that may be calls setting other params (designed taps) go last, to be checked against the others
        List<Map.Entry<String, String>> ordered = new ArrayList<>(b.params().entrySet());
        ordered.sort(java.util.Comparator.<Map.Entry<String, String>, Boolean>comparing(e -> mapping.params()
                .getOrDefault(e.getKey(), List.of()).stream().anyMatch(r -> !r.calls().isEmpty()))
                .thenComparingInt(e -> appendOrder(mapping, e.getKey())));
        for (Map.Entry<String, String> p : ordered) {
            String key = p.getKey();
            String grc = p.getValue();
            List<GrcMapping.Rule> rules = mapping.params().get(key);
            if (rules != null) {
                for (GrcMapping.Rule rule : rules) {
                    if (!rule.applies(values)) {
                        continue;
                    }
                    String problem = apply(rule, grc, def.param(rule.to()).orElseThrow(), values, mapping.set().keySet());
                    if (problem != null) {
                        attention.add(key + " = '" + grc + "' → " + rule.to() + ": " + problem);
                    } else if (rule.template() != null) {
                        clampToMax(def.param(rule.to()).orElseThrow(), values, subject, key + " = '" + grc + "'");
                    }
                }
            } else if (mapping.ignore().containsKey(key)) {
                List<String> lossless = mapping.ignore().get(key);
                if (lossless != null && !lossless.contains(grc.strip())) {
                    attention.add(key + " = '" + grc + "' not imported: " + def.id() + " only does what GRC "
                            + "does with " + key + " = '" + lossless.getFirst() + "'");
                }
            } else if (!GRC_INFRASTRUCTURE.contains(key)) {
                attention.add(key + " = '" + grc + "' not imported: " + def.id() + " has no such setting");
            }
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (ParamDef d : def.params()) {                  // catalog order, so the output is stable
            if (values.containsKey(d.id())) {
                params.put(d.id(), values.get(d.id()));
            }
        }
        attention.forEach(a -> report.attention(subject, a));

        List<String> comment = new ArrayList<>();
        String grcComment = b.params().getOrDefault("comment", "").strip();
        if (!grcComment.isEmpty()) {
            comment.add(grcComment);
        }
        attention.forEach(a -> comment.add("GRC import: " + a));
        BlockState state = BlockState.fromId(b.state());
        if (state == null) {
            report.attention(subject, "unknown GRC state '" + b.state() + "'; imported as enabled");
            state = BlockState.ENABLED;
        }
        int rotation = b.rotation();
        if (!BlockInstance.isValidRotation(rotation)) {
            report.attention(subject, "rotation " + rotation + " is not a multiple of 90; imported as 0");
            rotation = 0;
        }
        // GRC turns blocks counter-clockwise, SigFlow's rotation is clockwise
        rotation = (360 - rotation) % 360;
        return new BlockInstance(identifier(b.name()), def.id(), params, state, finite(b.x()), finite(b.y()), rotation,
                comment.isEmpty() ? null : String.join("\n", comment));
    }

    /**
     * A unit-changed constant above SigFlow's maximum (a Qt sink's {@code update_time} 0.001 s is 1000 updates/s, the
     * display sinks draw at most 200/s) becomes the maximum, with a note: it only changes how often a view redraws.
     */
    private void clampToMax(ParamDef target, Map<String, String> values, String subject, String grc) {
        if (target.max() == null || !values.containsKey(target.id())) {
            return;
        }
        double v;
        try {
            v = org.sigflow.expr.Expressions.evaluate(values.get(target.id()), Map.of()).asDouble();
        } catch (org.sigflow.expr.ExpressionException | RuntimeException e) {
            return;                                         // refers to variables: validation checks it
        }
        if (v > target.max()) {
            String max = target.max() == Math.rint(target.max()) ? String.valueOf(target.max().longValue())
                    : String.valueOf(target.max());
            values.put(target.id(), max);
            report.note(subject, grc + " gives " + target.id() + " " + v + ", above SigFlow's " + max
                    + "; imported as " + max);
        }
    }

    /** Sets {@code rule.to()} from the GRC value; returns why the value needs attention, or {@code null}. */
    private String apply(GrcMapping.Rule rule, String grc, ParamDef target, Map<String, String> values,
                         Set<String> fixed) {
        String mapped = rule.lookup(grc);
        DesignCalls.Match call = rule.calls().isEmpty() ? null
                : DesignCalls.match(grc, rule.calls(), arg -> PythonExpressions.translate(arg, variables, grcBlocks));
        // a variable holding such a call, also as GNU Radio's object.base() (header_formatter.base())
        String variable = grc.strip().replaceFirst("\\.base\\(\\)\\z", "");
        String viaVariable = vars.grcText(variable);
        if (call == null && !rule.calls().isEmpty() && viaVariable != null) {
            // taps = some_variable whose value is a firdes call: design from that call
            call = DesignCalls.match(viaVariable, rule.calls(),
                    arg -> PythonExpressions.translate(arg, variables, grcBlocks));
            if (call != null && call.problem() == null) {
                designedFrom.add(variable);
            }
        }
        if (call != null) {
            if (call.problem() != null) {
                // not params of the block, but maybe an expression of SigFlow's (firdes.low_pass → low_pass): the
                // explicit taps GNU Radio computes
                PythonExpressions.Translation t = PythonExpressions.translate(grc, variables, grcBlocks);
                values.put(rule.to(), t.ok() ? t.text() : grc);
                return t.ok() ? null : "kept as written: " + call.problem();
            }
            for (Map.Entry<String, String> e : call.params().entrySet()) {
                String before = values.get(e.getKey());
                if (before != null && !fixed.contains(e.getKey()) && !before.equals(e.getValue())) {
                    PythonExpressions.Translation t = PythonExpressions.translate(grc, variables, grcBlocks);
                    values.put(rule.to(), t.ok() ? t.text() : grc);
                    return t.ok() ? null : "kept as written: the call's " + e.getKey() + " '" + e.getValue()
                            + "' differs from the block's '" + before + "', and SigFlow's block has one";
                }
            }
            values.putAll(call.params());
            return null;
        }
        if (mapped != null) {
            values.put(rule.to(), mapped);
            return null;
        }
        String before = values.get(rule.to());            // what an appending rule adds to
        values.put(rule.to(), grc);                       // kept as written unless translated below
        if (target.type() == ParamType.ENUM) {
            return "no SigFlow counterpart (SigFlow has " + String.join(", ", target.options()) + ")";
        }
        if (target.type() == ParamType.FILE || target.type() == ParamType.STRING) {
            // GRC evaluates a string param when it gives a string (a string variable, a quoted literal), else takes
            // the text as is (msgname: test names the message 'test' even when a variable test holds a number)
            if (GrcMapping.JOIN.equals(rule.template())) {
                String joined = joinStrings(grc.strip(), vars);
                joined = joined != null ? joined : GrcLengthTags.of(grc);
                if (joined == null) {
                    joined = GrcTagObjects.literal(grc);        // gr.python_to_tag({...}) written inline
                }
                if (joined == null) {
                    return "kept as written: not a list of names of imported variables that hold text";
                }
                values.put(rule.to(), joined);
                return null;
            }
            String pmt = GrcPmtText.expression(grc, variables, grcBlocks);   // pmt.from_double(val): its text
            String text = vars.isString(grc.strip()) || sumOfStrings(grc.strip(), vars) ? grc.strip()
                    : pmt != null && pmt.contains("str(") ? pmt : PythonExpressions.stringLiteral(grc);
            values.put(rule.to(), rule.append() == null ? text
                    : GrcStringAppend.append(before, rule.append(), text, rule.template()));
            return null;
        }
        PythonExpressions.Translation t = PythonExpressions.translate(GrcVariables.expand(grc), variables, grcBlocks);
        values.put(rule.to(), t.ok() ? rule.fill(t.text()) : grc);
        return t.ok() ? null : "kept as written: " + t.problem();
    }

    /** Params that append to a string go after the others, in the mapping's order (driver, then dev_args). */
    private static int appendOrder(GrcMapping mapping, String grcParam) {
        List<GrcMapping.Rule> rules = mapping.params().getOrDefault(grcParam, List.of());
        return rules.stream().noneMatch(r -> r.append() != null) ? -1
                : List.copyOf(mapping.params().keySet()).indexOf(grcParam);
    }

    /**
     * A GRC list of string variables ({@code [tag0, tag1]}) as their concatenation ({@code tag0 + tag1}; empty:
     * {@code ''}), or null when an element is not such a variable.
     */
    private static String joinStrings(String grc, GrcVariables vars) {
        String inner = grc.startsWith("[") && grc.endsWith("]") || grc.startsWith("(") && grc.endsWith(")")
                ? grc.substring(1, grc.length() - 1) : grc;
        java.util.List<String> names = new java.util.ArrayList<>();
        for (String name : inner.split(",")) {
            if (!name.isBlank()) {
                names.add(name.strip());
            }
        }
        if (names.stream().anyMatch(n -> !vars.isString(n))) {
            return null;
        }
        return names.isEmpty() ? "''" : String.join(" + ", names);
    }

    /** GRC's {@code prefix+fsm} for a string param: string variables joined by {@code +}, kept as that expression. */
    private static boolean sumOfStrings(String grc, GrcVariables vars) {
        String[] names = grc.split("\\+");
        return names.length > 1 && java.util.Arrays.stream(names).allMatch(n -> vars.isString(n.strip()));
    }

    Set<String> designedFrom() {
        return designedFrom;
    }

    /** GRC names are Python identifiers already; anything else is made one. */
    static String identifier(String name) {
        String id = name.replaceAll("[^A-Za-z0-9_]", "_");
        return id.isEmpty() || Character.isDigit(id.charAt(0)) ? "_" + id : id;
    }

    static double finite(double v) {
        return Double.isFinite(v) ? v : 0;
    }
}
