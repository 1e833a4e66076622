package org.sigflow.grc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.expr.Expression;
import org.sigflow.expr.ExpressionException;

/**
 * GRC's variable blocks as graph variables: {@code variable}, the Qt GUI controls ({@code variable_qtgui_range},
 * {@code _entry}, {@code _chooser}, {@code _check_box}, {@code _label}, {@code _dial_control}, {@code _toggle_switch},
 * buttons and message check boxes) with their default value, and
 * {@code parameter}. All names are known before any value is translated, so variables may refer to each other in
 * any order, as in GRC.
 */
final class GrcVariables {
    /** GRC's stream tag object: a string variable holding its tuple, which a vector source's {@code tags} reads. */
    private static final String TAG_OBJECT = "variable_tag_object";
    private static final Set<String> KINDS = union(GrcFecCoders.KINDS, "variable", "variable_qtgui_range", "variable_qtgui_entry",
            "variable_qtgui_chooser", "variable_qtgui_check_box", "variable_qtgui_label", "parameter",
            "variable_qtgui_dial_control", "variable_qtgui_toggle_switch", "variable_qtgui_msgcheckbox",
            "variable_qtgui_toggle_button_msg", "variable_qtgui_msg_push_button", "variable_qtgui_push_button",
            "variable_qtgui_numeric_entry", GrcConstellations.KIND, "variable_rrc_filter_taps", TAG_OBJECT,
            "variable_low_pass_filter_taps", "variable_high_pass_filter_taps", "variable_band_pass_filter_taps",
            "variable_band_reject_filter_taps", "qtgui_msgdigitalnumbercontrol", "qtgui_edit_box_msg",
            GrcHeaderFormats.KIND, GrcFileTaps.KIND, GrcFunctionProbes.KIND);
    /**
     * Message widgets that are a variable (their text) and a block (their ports) at once, both by their name; and
     * the function probe, a variable that a block of its own sets.
     */
    static final Set<String> BLOCK_KINDS = Set.of("qtgui_msgdigitalnumbercontrol", "qtgui_edit_box_msg",
            GrcFunctionProbes.KIND);
    /**
     * GRC's tap variables: the {@code firdes} call GNU Radio makes of their params (kind → default design, params in
     * argument order); a {@code type} param names another design ({@code complex_band_pass}).
     */
    private static final Map<String, List<String>> TAP_VARIABLES = Map.of(
            "variable_rrc_filter_taps", List.of("root_raised_cosine", "gain", "samp_rate", "sym_rate", "alpha", "ntaps"),
            "variable_low_pass_filter_taps", List.of("low_pass", "gain", "samp_rate", "cutoff_freq", "width", "win",
                    "beta"),
            "variable_high_pass_filter_taps", List.of("high_pass", "gain", "samp_rate", "cutoff_freq", "width", "win",
                    "beta"),
            "variable_band_pass_filter_taps", List.of("band_pass", "gain", "samp_rate", "low_cutoff_freq",
                    "high_cutoff_freq", "width", "win", "beta"),
            "variable_band_reject_filter_taps", List.of("band_reject", "gain", "samp_rate", "low_cutoff_freq",
                    "high_cutoff_freq", "width", "win", "beta"));

    private static Set<String> union(Set<String> more, String... kinds) {
        Set<String> all = new java.util.HashSet<>(more);
        all.addAll(List.of(kinds));
        return Set.copyOf(all);
    }
    /** GRC variable kinds whose {@code type} param makes the value a raw string rather than an expression. */
    private static final Set<String> STRING_TYPES = Set.of("str", "string");

    private final Map<String, String> values;
    private final Map<String, String> raw;
    /** The variables whose value is a string, worked out on first use (all variables are read by then). */
    private Set<String> stringValued;

    private static final java.util.regex.Pattern RANDOM_LIST = java.util.regex.Pattern.compile(
            "\\[\\s*random\\.(randrange|getrandbits)\\(([^()\\[\\]]+)\\)\\s+for\\s+\\w+\\s+in\\s+range\\(([^()\\[\\]]+)\\)\\s*\\]");

    /**
     * GRC's lists of random numbers ({@code [random.randrange(n) for i in range(k)]}, {@code random.getrandbits(b)})
     * as {@code random_ints(k, 0, n)} (seeded: GNU Radio's Python draws different numbers each run). Constellation
     * methods were replaced before ({@link GrcConstellationMethods}).
     */
    static String expand(String text) {
        return RANDOM_LIST.matcher(text).replaceAll(m -> java.util.regex.Matcher.quoteReplacement("random_ints("
                + m.group(3).strip() + ", 0, " + (m.group(1).equals("randrange") ? "(" + m.group(2).strip() + ")"
                : "2 ** (" + m.group(2).strip() + ")") + ")"));
    }

    /** Every variable → the subject of its report lines. */
    private final Map<String, String> subjects = new java.util.HashMap<>();

    private GrcVariables(Map<String, String> values, Map<String, String> raw) {
        this.values = values;
        this.raw = raw;
    }

    static GrcVariables read(List<GrcBlock> blocks, ImportReport.Builder report) {
        Map<String, String> raw = new LinkedHashMap<>();
        // a disabled variable beside an enabled one of the same name (GRC keeps alternatives so) is not the variable
        Set<String> enabledNames = new java.util.HashSet<>();
        blocks.stream().filter(b -> KINDS.contains(b.id()) && !"disabled".equals(b.state()))
                .forEach(b -> enabledNames.add(b.name()));
        blocks = blocks.stream().filter(b -> !(KINDS.contains(b.id()) && "disabled".equals(b.state())
                && enabledNames.contains(b.name()))).toList();
        Map<String, GrcBlock> byName = new java.util.HashMap<>();
        blocks.forEach(b -> byName.put(b.name(), b));
        for (GrcBlock b : blocks) {
            if (KINDS.contains(b.id())) {
                raw.put(b.name(), b.id().equals(GrcConstellations.KIND) ? GrcConstellations.call(b.params())
                        : GrcFecCoders.KINDS.contains(b.id()) ? GrcFecCoders.call(b.id(), b.params(), byName)
                        : TAP_VARIABLES.containsKey(b.id()) ? tapsCall(TAP_VARIABLES.get(b.id()), b.params())
                        : b.id().equals(GrcHeaderFormats.KIND) ? GrcHeaderFormats.call(b.params())
                        : b.params().getOrDefault("value", ""));
            }
        }
        Map<String, String> types = new java.util.HashMap<>();
        blocks.forEach(b -> types.put(b.name(), b.id()));
        Map<String, String> values = new LinkedHashMap<>();
        boolean prefixNoted = false;
        for (GrcBlock b : blocks) {
            if (!KINDS.contains(b.id())) {
                continue;
            }
            String subject = "variable " + b.describe();
            String text = raw.get(b.name());
            if (!prefixNoted && GnuRadioPrefix.PATTERN.matcher(text).find()) {
                report.note(subject, GnuRadioPrefix.note());    // once: the examples use it in every coder
                prefixNoted = true;
            }
            if (b.id().equals(TAG_OBJECT)) {
                values.put(b.name(), PythonExpressions.stringLiteral(tagTuple(b.params())));
            } else if (STRING_TYPES.contains(b.params().getOrDefault("type", "")) || b.id().equals("qtgui_edit_box_msg")) {
                values.put(b.name(), PythonExpressions.stringLiteral(text));
            } else if (GrcPmtText.expression(text, raw.keySet(), types) != null) {
                values.put(b.name(), GrcPmtText.expression(text, raw.keySet(), types));
                report.note(subject, "a PMT: a string variable holding its constructor, as the PMT params of "
                        + "SigFlow's blocks (keys, messages) read it");
            } else {
                PythonExpressions.Translation t = PythonExpressions.translate(expand(text), raw.keySet(),
                        types);
                values.put(b.name(), t.text());
                if (!t.ok() && !b.id().equals(GrcFileTaps.KIND)) {   // GrcFileTaps said why already
                    report.attention(subject, "value '" + text + "' kept as written: " + t.problem());
                }
            }
            if (!usableName(b.name())) {
                report.attention(subject, "'" + b.name() + "' is a constant, function or keyword of SigFlow's "
                        + "expression language; rename the variable (and its uses)");
            }
            if ("disabled".equals(b.state())) {
                report.note(subject, "disabled in GRC; imported as a variable anyway");
            }
            if (b.id().equals(TAG_OBJECT)) {
                report.note(subject, "a stream tag: a string variable holding (offset, key, value, srcid), which a "
                        + "vector source's tags read (srcid is dropped: SigFlow's tags have none)");
            } else if (!b.id().equals("variable") && !b.id().equals(GrcConstellations.KIND)
                    && !TAP_VARIABLES.containsKey(b.id()) && !GrcFecCoders.KINDS.contains(b.id())
                    && !b.id().equals(GrcHeaderFormats.KIND) && !b.id().equals(GrcFileTaps.KIND)
                    && !b.id().equals(GrcFunctionProbes.KIND)) {
                report.note(subject, b.id().equals("parameter") ? "a GRC parameter; imported as a variable "
                        + "(override it with --set)" : "a GUI control in GRC; imported as a variable with its "
                        + "default value");
            }
        }
        GrcVariables vars = new GrcVariables(values, raw);
        blocks.stream().filter(b -> KINDS.contains(b.id())).forEach(b -> vars.subjects.put(b.name(),
                "variable " + b.describe()));
        return vars;
    }

    /** GRC's {@code variable_tag_object} as the tuple GNU Radio makes of it: {@code (offset, key, value, srcid)}. */
    private static String tagTuple(Map<String, String> p) {
        return "(" + String.join(", ", java.util.stream.Stream.of("offset", "key", "value", "src")
                .map(k -> p.getOrDefault(k, "").strip()).toList()) + ")";
    }

    /** A GRC tap variable: the {@code firdes} call GNU Radio makes of its params ({@link #TAP_VARIABLES}). */
    private static String tapsCall(List<String> design, Map<String, String> p) {
        String function = p.getOrDefault("type", "").strip();
        return "firdes." + (function.matches("\\w+") ? function : design.getFirst()) + "(" + String.join(", ",
                design.subList(1, design.size()).stream().map(k -> "(" + p.getOrDefault(k, "") + ")").toList()) + ")";
    }

    /** Whether SigFlow reads {@code name} as a variable reference (not {@code pi}, {@code sum}, {@code and}, …). */
    static boolean usableName(String name) {
        try {
            return Expression.parse(name).references().contains(name);
        } catch (ExpressionException e) {
            return false;
        }
    }

    /** The GRC text of a variable (a {@code firdes} call a filter may be designed from), or {@code null}. */
    String grcText(String name) {
        return raw.get(name);
    }

    /**
     * Drops the variables whose only uses were turned into designed taps (their {@code firdes} call now lives in the
     * blocks' params), so the graph does not carry a value SigFlow cannot evaluate; their report line becomes a note.
     * So are unused header format objects ({@code digital.header_format_crc(…)}): they only configure blocks.
     */
    void dropDesignedOnly(Set<String> designed, List<org.sigflow.graph.BlockInstance> blocks,
                          ImportReport.Builder report) {
        // a FEC coder object does nothing by itself: one no block uses is dropped too
        Set<String> candidates = new java.util.LinkedHashSet<>(designed);
        subjects.forEach((name, subject) -> {
            if (GrcFecCoders.KINDS.stream().anyMatch(k -> subject.endsWith("(" + k + ")"))) {
                candidates.add(name);
            }
        });
        // so is a header format or constellation object no block refers to any more (its methods became values)
        subjects.keySet().stream().filter(n -> GrcHeaderFormats.isCall(raw.getOrDefault(n, ""))
                || GrcFecCoders.isCall(raw.get(n))
                || raw.getOrDefault(n, "").startsWith("digital.constellation_")).forEach(candidates::add);
        for (String name : candidates) {
            if (subjects.getOrDefault(name, "").endsWith("(parameter)")
                    && !GrcObjectParameters.isObject(raw.get(name))) {
                continue; // a hier block's parameter is its interface: kept even where a block took its call
            }
            java.util.regex.Pattern use = java.util.regex.Pattern.compile("(?<![\\w.])" + name + "(?!\\w)");
            boolean used = blocks.stream().flatMap(b -> b.params().values().stream())
                    .anyMatch(v -> use.matcher(v).find())
                    || values.entrySet().stream().anyMatch(e -> !e.getKey().equals(name)
                    && use.matcher(e.getValue()).find());
            if (!used) {
                values.remove(name);
                String subject = subjects.get(name);
                report.issues.removeIf(i -> i.attention() && i.subject().equals(subject));
                report.note(subject, subject.contains(GrcConstellations.KIND)
                        ? "used only by blocks that now take the constellation's arguments; not imported as a variable"
                        : subject.endsWith("_matrix_def)") ? "an LDPC matrix: the coders naming it take its file (and "
                        + "gap); not imported as a variable"
                        : GrcFecCoders.KINDS.stream().anyMatch(subject::contains) || GrcFecCoders.isCall(raw.get(name))
                        ? "a FEC coder: used by no block, or only by FEC blocks that now take its arguments; not "
                        + "imported as a variable"
                        : raw.get(name).contains("ofdm_equalizer_") ? "used only by OFDM frame equalizers that now "
                        + "take the equalizer's arguments; not imported as a variable"
                        : GrcHeaderFormats.isCall(raw.get(name)) ? "used only by blocks that now take the header "
                        + "format's arguments; not imported as a variable"
                        : "used only as the taps of filters, which are now designed from its call; not "
                        + "imported as a variable");
            }
        }
    }

    /** Whether {@code name} is a variable whose value is a string (evaluated as imported; false if it is not one). */
    boolean isString(String name) {
        if (!values.containsKey(name)) {
            return false;
        }
        if (stringValued == null) {
            stringValued = new java.util.HashSet<>();
            org.sigflow.expr.VariableResolver.resolve(values, Map.of()).values().forEach((k, v) -> {
                if (v instanceof org.sigflow.expr.Value.Str) {
                    stringValued.add(k);
                }
            });
        }
        return stringValued.contains(name);
    }

    boolean isVariable(GrcBlock b) {
        return KINDS.contains(b.id());
    }

    Set<String> names() {
        return values.keySet();
    }

    Map<String, String> values() {
        return values;
    }
}
