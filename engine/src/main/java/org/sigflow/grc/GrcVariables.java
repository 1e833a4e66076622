package org.sigflow.grc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.expr.Expression;
import org.sigflow.expr.ExpressionException;

/**
 * GRC's variable blocks as graph variables: {@code variable}, the Qt GUI controls ({@code variable_qtgui_range},
 * {@code _entry}, {@code _chooser}, {@code _check_box}, {@code _label}) with their default value, and
 * {@code parameter}. All names are known before any value is translated, so variables may refer to each other in
 * any order, as in GRC.
 */
final class GrcVariables {
    private static final Set<String> KINDS = Set.of("variable", "variable_qtgui_range", "variable_qtgui_entry",
            "variable_qtgui_chooser", "variable_qtgui_check_box", "variable_qtgui_label", "parameter");
    /** GRC variable kinds whose {@code type} param makes the value a raw string rather than an expression. */
    private static final Set<String> STRING_TYPES = Set.of("str", "string");

    private final Map<String, String> values;

    private GrcVariables(Map<String, String> values) {
        this.values = values;
    }

    static GrcVariables read(List<GrcBlock> blocks, ImportReport.Builder report) {
        Map<String, String> raw = new LinkedHashMap<>();
        for (GrcBlock b : blocks) {
            if (KINDS.contains(b.id())) {
                raw.put(b.name(), b.params().getOrDefault("value", ""));
            }
        }
        Map<String, String> types = new java.util.HashMap<>();
        blocks.forEach(b -> types.put(b.name(), b.id()));
        Map<String, String> values = new LinkedHashMap<>();
        for (GrcBlock b : blocks) {
            if (!KINDS.contains(b.id())) {
                continue;
            }
            String subject = "variable " + b.describe();
            String text = raw.get(b.name());
            if (STRING_TYPES.contains(b.params().getOrDefault("type", ""))) {
                values.put(b.name(), PythonExpressions.stringLiteral(text));
            } else {
                PythonExpressions.Translation t = PythonExpressions.translate(text, raw.keySet(), types);
                values.put(b.name(), t.text());
                if (!t.ok()) {
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
            if (!b.id().equals("variable")) {
                report.note(subject, b.id().equals("parameter") ? "a GRC parameter; imported as a variable "
                        + "(override it with --set)" : "a GUI control in GRC; imported as a variable with its "
                        + "default value");
            }
        }
        return new GrcVariables(values);
    }

    /** Whether SigFlow reads {@code name} as a variable reference (not {@code pi}, {@code sum}, {@code and}, …). */
    static boolean usableName(String name) {
        try {
            return Expression.parse(name).references().contains(name);
        } catch (ExpressionException e) {
            return false;
        }
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
