package org.sigflow.app.views;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.app.panels.VariableListener;
import org.sigflow.expr.Expressions;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;
import org.sigflow.graph.ViewLayout;
import org.sigflow.runtime.LiveRun;

/**
 * A {@code control} view: a slider, counter, chooser, check box, entry or read-only label bound to one graph
 * variable, as GNU Radio's Qt GUI widgets are (options in {@code docs/graph-format.md}). A change sets the variable
 * in the graph (undoable, as an edit in the variables panel) and is passed on to a running graph; a change of the
 * variable elsewhere moves the control.
 */
public final class ControlView extends LiveView {
    private final GraphDocument doc;
    private final VariableListener listener;
    private final String variable;
    private final Map<String, String> options;
    private final HBox row = new HBox(8);
    private final Label shown = new Label();
    private Runnable refresh = () -> { };
    /** Held here: the document holds it only weakly, so a control the pane drops is not kept alive. */
    private final javafx.beans.InvalidationListener following = o -> follow();
    /** Set while the control is moved to the graph's value, so that this does not count as the user's change. */
    private boolean updating;

    ControlView(ViewLayout layout, GraphDocument doc, VariableListener listener) {
        super(null);
        this.doc = doc;
        this.listener = listener;
        this.options = layout.options();
        this.variable = options.getOrDefault("variable", "");
        Label name = new Label(options.getOrDefault("label", variable));
        name.getStyleClass().add("control-label");
        shown.setId("control-value-" + variable);
        Node widget = widget(options.getOrDefault("widget", "entry"));
        HBox.setHgrow(widget, Priority.ALWAYS);
        row.getChildren().addAll(name, widget);
        if (!(widget instanceof Label)) {
            row.getChildren().add(shown);
        }
        row.setPadding(new Insets(6));
        row.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        getChildren().add(row);
        doc.graphProperty().addListener(new javafx.beans.WeakInvalidationListener(following));
        follow();
    }

    public String variable() {
        return variable;
    }

    @Override
    public void poll(LiveRun run) {
        // a control draws no frames: it changes the graph
    }

    @Override
    protected void draw() {}

    @Override
    protected void layoutChildren() {
        row.resizeRelocate(0, 0, getWidth(), getHeight());
    }

    private Node widget(String kind) {
        return switch (kind) {
            case "slider" -> slider();
            case "counter" -> counter();
            case "chooser" -> chooser();
            case "check_box" -> checkBox();
            case "label" -> {
                refresh = () -> shown.setText(current().map(ControlView::display).orElse("?"));
                yield shown;
            }
            default -> entry();
        };
    }

    private Slider slider() {
        double min = number("min", 0);
        double max = number("max", Math.max(min + 1, 100));
        Slider s = new Slider(min, max, min);
        s.setId("control-" + variable);
        double step = number("step", 0);
        if (step > 0) {
            s.setBlockIncrement(step);
        }
        s.valueProperty().addListener((o, was, now) -> {
            shown.setText(format(snap(now.doubleValue())));
            if (!updating && !s.isValueChanging()) {
                commit(format(snap(now.doubleValue())));
            }
        });
        s.valueChangingProperty().addListener((o, was, now) -> {
            if (!now && !updating) {
                commit(format(snap(s.getValue())));
            }
        });
        refresh = () -> currentNumber().ifPresent(v -> {
            s.setValue(v);
            shown.setText(format(v));
        });
        return s;
    }

    private Spinner<Double> counter() {
        double min = number("min", -Double.MAX_VALUE);
        double max = number("max", Double.MAX_VALUE);
        double step = number("step", 1);
        Spinner<Double> s = new Spinner<>(new SpinnerValueFactory.DoubleSpinnerValueFactory(min, max, min, step));
        s.setId("control-" + variable);
        s.setEditable(true);
        s.valueProperty().addListener((o, was, now) -> {
            if (!updating && now != null) {
                commit(format(snap(now)));
            }
        });
        refresh = () -> currentNumber().ifPresent(v -> {
            s.getValueFactory().setValue(v);
            shown.setText(format(v));
        });
        return s;
    }

    private ComboBox<String> chooser() {
        List<Value> values = list("options");
        List<Value> labels = list("labels");
        List<String> texts = values.stream().map(ControlView::expression).toList();
        ComboBox<String> c = new ComboBox<>();
        c.setId("control-" + variable);
        for (int i = 0; i < values.size(); i++) {
            c.getItems().add(i < labels.size() ? display(labels.get(i)) : display(values.get(i)));
        }
        c.getSelectionModel().selectedIndexProperty().addListener((o, was, now) -> {
            int i = now.intValue();
            if (!updating && i >= 0 && i < texts.size()) {
                commit(texts.get(i));
            }
        });
        refresh = () -> current().ifPresent(v -> {
            int i = values.indexOf(v);
            c.getSelectionModel().select(i);
            shown.setText(display(v));
        });
        return c;
    }

    private CheckBox checkBox() {
        String on = options.getOrDefault("on", "true");
        String off = options.getOrDefault("off", "false");
        CheckBox c = new CheckBox();
        c.setId("control-" + variable);
        c.selectedProperty().addListener((o, was, now) -> {
            if (!updating) {
                commit(now ? on : off);
            }
        });
        refresh = () -> current().ifPresent(v -> {
            c.setSelected(v.equals(evaluate(on).orElse(null)));
            shown.setText(display(v));
        });
        return c;
    }

    private TextField entry() {
        boolean string = "true".equals(options.get("string"));
        TextField t = new TextField();
        t.setId("control-" + variable);
        t.setOnAction(e -> commit(string ? "'" + t.getText().replace("\\", "\\\\").replace("'", "\\'") + "'"
                : t.getText()));
        refresh = () -> current().ifPresent(v -> {
            t.setText(display(v));
            shown.setText("");
        });
        return t;
    }

    /** Moves the control to the variable's value in the graph. */
    private void follow() {
        updating = true;
        try {
            refresh.run();
        } finally {
            updating = false;
        }
    }

    private void commit(String text) {
        if (text.equals(doc.graph().variables().get(variable))) {
            return;
        }
        doc.apply("Set variable " + variable, g -> g.withVariable(variable, text));
        listener.committed(variable, text);
    }

    private double snap(double v) {
        double step = number("step", 0);
        double min = number("min", 0);
        double snapped = step > 0 ? min + Math.round((v - min) / step) * step : v;
        return "true".equals(options.get("integer")) ? Math.round(snapped) : snapped;
    }

    private String format(double v) {
        if ("true".equals(options.get("integer")) || v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString(Math.round(v));
        }
        return BigDecimal.valueOf(v).round(new MathContext(12)).stripTrailingZeros().toPlainString();
    }

    private Map<String, Value> scope() {
        return VariableResolver.resolve(doc.graph().variables(), Map.of()).values();
    }

    private Optional<Value> current() {
        return Optional.ofNullable(scope().get(variable));
    }

    private Optional<Double> currentNumber() {
        return current().flatMap(v -> {
            try {
                return Optional.of(v.asDouble());
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        });
    }

    private Optional<Value> evaluate(String text) {
        try {
            return Optional.of(Expressions.evaluate(text, scope()));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** A numeric option (an expression, possibly of variables), or the fallback when absent or not a number. */
    private double number(String key, double fallback) {
        String text = options.get(key);
        if (text == null) {
            return fallback;
        }
        return evaluate(text).flatMap(v -> {
            try {
                return Optional.of(v.asDouble());
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }).orElse(fallback);
    }

    private List<Value> list(String key) {
        String text = options.get(key);
        return text == null ? List.of() : evaluate(text).map(v -> v instanceof Value.ListValue l ? l.items()
                : List.of(v)).orElse(List.of());
    }

    /** How a value reads in the control: strings without quotes. */
    private static String display(Value v) {
        return v instanceof Value.Str s ? s.value() : expression(v);
    }

    /** A value as SigFlow expression text. */
    private static String expression(Value v) {
        return switch (v) {
            case Value.Str s -> "'" + s.value().replace("\\", "\\\\").replace("'", "\\'") + "'";
            case Value.Int i -> Long.toString(i.value());
            case Value.Real r -> r.value() == Math.rint(r.value()) && Math.abs(r.value()) < 1e15
                    ? Long.toString((long) r.value()) + ".0"
                    : BigDecimal.valueOf(r.value()).stripTrailingZeros().toPlainString();
            case Value.Bool b -> Boolean.toString(b.value());
            case Value.ListValue l -> "[" + String.join(", ", new ArrayList<>(l.items().stream()
                    .map(ControlView::expression).toList())) + "]";
            default -> v.toString();
        };
    }
}
