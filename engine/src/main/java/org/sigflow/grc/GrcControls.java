package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.graph.ViewLayout;

/**
 * GRC's Qt GUI variable widgets as {@code control} views of the graph (see {@code docs/graph-format.md}): the
 * variable they set, the kind of widget, its label and its range, choices or on/off values, so the designer shows a
 * control that changes the running graph. The variable itself is imported by {@link GrcVariables}. A bound that is
 * not a SigFlow expression is left out (the control then has no such bound) and noted.
 */
final class GrcControls {
    static final double WIDTH = 320;
    static final double HEIGHT = 80;
    private static final Set<String> STRING_TYPES = Set.of("str", "string");

    private GrcControls() {}

    static List<ViewLayout> read(List<GrcBlock> blocks, GrcVariables vars, Map<String, String> grcTypes,
                                 ImportReport.Builder report) {
        List<ViewLayout> out = new ArrayList<>();
        for (GrcBlock b : blocks) {
            if (!vars.names().contains(b.name()) || "disabled".equals(b.state())) {
                continue;
            }
            Map<String, String> o = new LinkedHashMap<>();
            o.put("variable", b.name());
            Control c = new Control(b, o, vars, grcTypes, report);
            switch (b.id()) {
                case "variable_qtgui_range" -> {
                    String w = b.params().getOrDefault("widget", "counter_slider");
                    o.put("widget", w.startsWith("counter") && !w.equals("counter_slider") ? "counter" : "slider");
                    c.expr("min", "start").expr("max", "stop").expr("step", "step");
                    if ("int".equals(b.params().getOrDefault("rangeType", "float"))) {
                        o.put("integer", "true");
                    }
                }
                case "variable_qtgui_dial_control" -> {
                    o.put("widget", "slider");
                    String scale = b.params().getOrDefault("scaleFactor", "1").strip();
                    c.scaled("min", "minimum", scale).scaled("max", "maximum", scale);
                    if ("int".equals(b.params().getOrDefault("type", "int")) && scale.equals("1")) {
                        o.put("integer", "true");
                    }
                }
                case "variable_qtgui_chooser" -> {
                    o.put("widget", "chooser");
                    c.choices();
                }
                case "variable_qtgui_check_box" -> {
                    o.put("widget", "check_box");
                    c.expr("on", "true").expr("off", "false");
                }
                case "variable_qtgui_toggle_switch" -> {
                    o.put("widget", "check_box");
                    c.expr("on", "pressed").expr("off", "released");
                }
                case "variable_qtgui_entry", "variable_qtgui_numeric_entry" -> {
                    o.put("widget", "entry");
                    if (STRING_TYPES.contains(b.params().getOrDefault("type", ""))) {
                        o.put("string", "true");
                    }
                }
                case "variable_qtgui_label" -> o.put("widget", "label");
                case "qtgui_msgdigitalnumbercontrol" -> {
                    o.put("widget", "True".equals(b.params().getOrDefault("readOnly", "False").strip()) ? "label"
                            : "entry");
                    String lbl = unquote(b.params().getOrDefault("lbl", "").strip());
                    if (!lbl.isEmpty()) {
                        o.put("label", lbl);
                    }
                }
                case "qtgui_edit_box_msg" -> {
                    o.put("widget", "entry");
                    o.put("string", "true");
                }
                default -> {
                    continue; // plain variables, parameters, message buttons: no control
                }
            }
            String label = unquote(b.params().getOrDefault("label", b.params().getOrDefault("lbl", "")).strip());
            if (!label.isEmpty()) {
                o.put("label", label);
            }
            out.add(new ViewLayout("control_" + b.name(), "control", null, 10, 10 + out.size() * (HEIGHT + 10),
                    WIDTH, HEIGHT, o));
        }
        return out;
    }

    /** GRC labels are plain text, or a Python string literal. */
    private static String unquote(String s) {
        if (s.length() >= 2 && (s.charAt(0) == '"' || s.charAt(0) == '\'') && s.charAt(s.length() - 1) == s.charAt(0)) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    /** Fills the options of one control, translating GRC's Python values. */
    private record Control(GrcBlock b, Map<String, String> o, GrcVariables vars, Map<String, String> grcTypes,
                           ImportReport.Builder report) {

        Control expr(String key, String grcParam) {
            String v = b.params().get(grcParam);
            if (v != null && !v.isBlank()) {
                put(key, v, v);
            }
            return this;
        }

        Control scaled(String key, String grcParam, String scale) {
            String v = b.params().get(grcParam);
            if (v != null && !v.isBlank()) {
                put(key, scale.equals("1") ? v : "(" + v + ") * (" + scale + ")", v);
            }
            return this;
        }

        /** GRC's chooser: {@code option0..}/{@code label0..} for 1 to 5 options, else the lists. */
        void choices() {
            int n;
            try {
                n = Integer.parseInt(b.params().getOrDefault("num_opts", "3").strip());
            } catch (NumberFormatException e) {
                n = 0;
            }
            boolean strings = STRING_TYPES.contains(b.params().getOrDefault("type", ""));
            if (n == 0) {
                expr("options", "options");
                String labels = b.params().getOrDefault("labels", "[]").strip();
                if (!labels.equals("[]")) {
                    put("labels", labels, labels);
                }
                return;
            }
            List<String> options = new ArrayList<>();
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String opt = b.params().getOrDefault("option" + i, String.valueOf(i));
                options.add(strings ? PythonExpressions.stringLiteral(opt) : opt);
                String label = unquote(b.params().getOrDefault("label" + i, "").strip());
                labels.add(PythonExpressions.stringLiteral(label.isEmpty() ? opt : label));
            }
            String list = "[" + String.join(", ", options) + "]";
            PythonExpressions.Translation t = PythonExpressions.translate(list, vars.names(), grcTypes);
            if (t.ok()) {
                o.put("options", t.text());
                o.put("labels", "[" + String.join(", ", labels) + "]");
            } else {
                drop("options", list, t.problem());
            }
        }

        private void put(String key, String python, String asWritten) {
            PythonExpressions.Translation t = PythonExpressions.translate(python, vars.names(), grcTypes);
            if (t.ok()) {
                o.put(key, t.text());
            } else {
                drop(key, asWritten, t.problem());
            }
        }

        private void drop(String key, String asWritten, String problem) {
            report.note("variable " + b.describe(), "its control's " + key + " '" + asWritten + "' left out: "
                    + problem);
        }
    }
}
