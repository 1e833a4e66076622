package org.sigflow.app.views;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.animation.AnimationTimer;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Rectangle;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.graph.ViewLayout;
import org.sigflow.runtime.LiveRun;

/**
 * The live views of the graph, placed as its {@code views[]} layout says (plus views for display sinks the layout
 * does not mention). A timer polls every view once per JavaFX pulse during a run and for a few pulses after it (so a
 * short run's last frames are shown); between runs it is stopped. Dragging a view's title
 * bar moves it and dragging its corner resizes it, as edits of the graph's view layout.
 */
public final class LiveViewsPane extends ScrollPane {
    private final GraphDocument doc;
    private final Supplier<LiveRun> run;
    private final Pane area = new Pane();
    private final List<LiveView> views = new ArrayList<>();
    private final List<Label> notes = new ArrayList<>();
    private List<ViewLayout> shown = List.of();
    private final List<VBox> panels = new ArrayList<>();
    /** Per view: its surface shown over its place in a window of its own while docked during a run. */
    private final List<SurfaceOverlay> overlays = new ArrayList<>();
    private final boolean overlaysWanted = SurfaceOverlay.wanted();
    /** The scroll pane's viewport (what of the views area is in sight), once the skin made it. */
    private javafx.scene.Node viewport;
    /** Told when a control view changes a variable (the run controller passes it on to a running graph). */
    private org.sigflow.app.panels.VariableListener variables = (name, text) -> { };
    private static final long NOTE_PERIOD_NANOS = 250_000_000L;
    /** Views shown in windows of their own, by view id. */
    private final java.util.Map<String, ViewWindow> windows = new java.util.HashMap<>();
    /** The size each popped-out view's window last had, by view id (remembered for the session). */
    private final java.util.Map<String, double[]> windowSizes = new java.util.HashMap<>();
    private long lastNotes = Long.MIN_VALUE / 2;
    /** Pulses the timer still polls after a run ended, while the views are seen. */
    private static final int TAIL_PULSES = 30;
    private final AnimationTimer timer;
    private boolean polling;
    /** Whether follow() tells the timer when runs start and end (else it runs always). */
    private boolean following;
    private boolean running;
    private int tail;

    public LiveViewsPane(GraphDocument doc, Supplier<LiveRun> run) {
        this.doc = doc;
        this.run = run;
        setId("live-views");
        setContent(area);
        // ScrollPane's skin draws its viewport through a bitmap cache, which every view frame invalidated: the whole
        // views area was redrawn into the cache, then the cache onto the window, on every frame.
        skinProperty().addListener(o -> {
            javafx.scene.Node viewport = lookup(".viewport");
            if (viewport != null) {
                viewport.setCache(false);
            }
            this.viewport = viewport;
        });
        area.getStyleClass().add("views-area");
        doc.graphProperty().addListener(o -> rebuildIfLayoutChanged());
        timer = new AnimationTimer() {
            @Override
            public void start() {
                super.start();
                polling = true;
            }

            @Override
            public void stop() {
                super.stop();
                polling = false;
                overlays.forEach(SurfaceOverlay::release); // between runs nothing is drawn per frame
            }

            @Override
            public void handle(long now) {
                LiveRun r = run.get();
                if (r == null) {
                    overlays.forEach(SurfaceOverlay::release);
                    if (following) {
                        stop();
                    }
                    return;
                }
                // views nobody sees cost nothing (their sinks' frames are then never made); popped-out ones are seen
                boolean docked = shown();
                boolean noteDue = now - lastNotes >= NOTE_PERIOD_NANOS;
                for (int i = 0; i < views.size(); i++) {
                    ViewWindow w = windows.get(shown.get(i).id());
                    if (w == null && !docked) {
                        overlays.get(i).release();
                        continue;
                    }
                    if (views.get(i).pacedByNotes() && !noteDue) {
                        continue;
                    }
                    views.get(i).poll(r);
                    overlays.get(i).update(w == null && overlayMay(i));
                    if (noteDue) { // a label changed every frame costs a text layout per frame
                        String n = views.get(i).note();
                        (w != null ? w.note() : notes.get(i)).setText(n == null ? "" : n);
                    }
                }
                if (noteDue) {
                    lastNotes = now;
                }
                // after the run: a few more pulses in which the views are seen take its last frames, then the timer
                // stops (a running animation timer asks for a pulse 60 times a second, even with nothing to draw)
                if (following && !running && (docked || !windows.isEmpty() || views.isEmpty()) && --tail <= 0) {
                    stop();
                }
            }
        };
        timer.start(); // until follow() says when runs start and end
        rebuildIfLayoutChanged();
    }

    /**
     * Polls the views on every pulse while {@code running} holds a run, and for a few pulses after it ended (its
     * last frames); without a run the views' timer is stopped and asks for no pulses.
     */
    public void follow(javafx.beans.value.ObservableValue<?> running) {
        following = true;
        running.addListener((o, was, now) -> {
            this.running = now != null;
            wake();
        });
        this.running = running.getValue() != null;
        wake();
    }

    /** Runs the timer (again): during a run, or for the tail after one (a view rebuilt, popped out, docked). */
    private void wake() {
        tail = TAIL_PULSES;
        timer.start(); // stops itself at its first pulse when there is no run to poll
    }

    /** Whether the views' timer runs now (for tests). */
    public boolean polling() {
        return polling;
    }

    /** Where the control views' variable changes go besides the graph (a running graph). */
    public void setVariableListener(org.sigflow.app.panels.VariableListener listener) {
        variables = listener;
    }

    /**
     * Whether docked view {@code i}'s surface may be shown over its place in a window of its own: overlays are wanted,
     * the main window is focused (a window above the designer, or a dialog, would otherwise be under the overlay)
     * and not iconified, the place is wholly in the views area's sight, and no view panel lies over it.
     */
    private boolean overlayMay(int i) {
        if (!overlaysWanted || viewport == null || !(getScene().getWindow() instanceof javafx.stage.Stage main)
                || !main.isFocused() || main.isIconified()) {
            return false;
        }
        javafx.geometry.Bounds place = overlays.get(i).placeInScene();
        if (place == null) {
            return false;
        }
        javafx.geometry.Bounds seen = viewport.localToScene(viewport.getLayoutBounds());
        double slack = 0.5;
        if (place.getMinX() < seen.getMinX() - slack || place.getMinY() < seen.getMinY() - slack
                || place.getMaxX() > seen.getMaxX() + slack || place.getMaxY() > seen.getMaxY() + slack) {
            return false;
        }
        javafx.geometry.Bounds inArea = area.sceneToLocal(place);
        List<javafx.scene.Node> stacked = area.getChildren();
        for (int j = stacked.indexOf(panels.get(i)) + 1; j < stacked.size(); j++) {
            if (stacked.get(j).getBoundsInParent().intersects(inArea)) {
                return false;
            }
        }
        return true;
    }

    /** Whether view {@code viewId}'s surface is shown in its overlay window now, and that window (for tests). */
    public java.util.Optional<javafx.stage.Popup> overlayOf(String viewId) {
        int i = shown.stream().map(ViewLayout::id).toList().indexOf(viewId);
        return i < 0 || !overlays.get(i).showing() ? java.util.Optional.empty()
                : java.util.Optional.of(overlays.get(i).window());
    }

    /** Whether the pane is in a window and neither it nor a parent is hidden (e.g. another tab is selected). */
    private boolean shown() {
        if (getScene() == null) {
            return false;
        }
        for (javafx.scene.Node n = this; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    public List<LiveView> views() {
        return List.copyOf(views);
    }

    /** Clears every view for a new run. */
    public void resetAll() {
        views.forEach(LiveView::reset);
        notes.forEach(n -> n.setText(""));
        wake();
    }

    private void rebuildIfLayoutChanged() {
        List<ViewLayout> layouts = ViewKinds.effective(doc.graph());
        if (layouts.equals(shown)) {
            return;
        }
        if (sameViewsElsewhere(layouts, shown)) { // only moved or resized: keep the views and what they show
            for (int i = 0; i < layouts.size(); i++) {
                ViewLayout v = layouts.get(i);
                panels.get(i).relocate(v.x(), v.y());
                panels.get(i).setPrefSize(v.width(), v.height());
            }
            shown = layouts;
            return;
        }
        overlays.forEach(SurfaceOverlay::release);
        List<String> popped = List.copyOf(windows.keySet()); // popped-out views stay out when the layout changes
        List.copyOf(windows.values()).forEach(ViewWindow::close);
        shown = layouts;
        views.clear();
        notes.clear();
        panels.clear();
        overlays.clear();
        area.getChildren().clear();
        for (ViewLayout v : layouts) {
            area.getChildren().add(panel(v));
        }
        popped.stream().filter(id -> layouts.stream().anyMatch(v -> v.id().equals(id))).forEach(this::popOut);
        wake();
    }

    private static boolean sameViewsElsewhere(List<ViewLayout> a, List<ViewLayout> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).withBounds(0, 0, 1, 1).equals(b.get(i).withBounds(0, 0, 1, 1))) {
                return false;
            }
        }
        return true;
    }

    private VBox panel(ViewLayout v) {
        LiveView view = "control".equals(v.kind()) ? new ControlView(v, doc, (n, t) -> variables.committed(n, t))
                : ViewKinds.create(v, type -> doc.catalog().find(type)
                .map(d -> d.domain() == org.sigflow.catalog.Domain.CUDA).orElse(false), doc.graph());
        view.setId("view-" + v.id());
        Label title = new Label(v.kind() + (v.block() != null ? " · " + v.block()
                : v.options().containsKey("variable") ? " · " + v.options().get("variable") : ""));
        title.getStyleClass().add("view-title");
        Label note = new Label();
        note.getStyleClass().add("view-note");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        javafx.scene.control.Button pop = new javafx.scene.control.Button("↗");
        pop.setId("pop-" + v.id());
        pop.getStyleClass().add("view-pop");
        pop.setTooltip(new javafx.scene.control.Tooltip("Show this view in its own window (Ctrl+Shift+P)"));
        pop.setFocusTraversable(false);
        pop.setOnAction(e -> popOut(v.id()));
        HBox bar = new HBox(8, title, spacer, note, pop);
        bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        bar.getStyleClass().add("view-bar");
        VBox box = new VBox(bar, view);
        VBox.setVgrow(view, Priority.ALWAYS);
        box.getStyleClass().add("view-panel");
        box.relocate(v.x(), v.y());
        box.setPrefSize(v.width(), v.height());
        box.setMinSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        box.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        Rectangle grip = new Rectangle(12, 12);
        grip.getStyleClass().add("view-grip");
        grip.setManaged(false);
        grip.layoutXProperty().bind(box.widthProperty().subtract(12));
        grip.layoutYProperty().bind(box.heightProperty().subtract(12));
        box.getChildren().add(grip);
        if (java.util.Set.of("spectrum", "time", "vector", "histogram").contains(v.kind())) {
            bar.setOnMouseClicked(e -> {
                if (e.getButton() == javafx.scene.input.MouseButton.SECONDARY) {
                    overlayMenu(current(v.id())).show(bar, e.getScreenX(), e.getScreenY());
                    e.consume();
                }
            });
        }
        double[] press = new double[4];
        bar.setOnMousePressed(e -> {
            press[0] = e.getSceneX() - box.getLayoutX();
            press[1] = e.getSceneY() - box.getLayoutY();
        });
        bar.setOnMouseDragged(e -> box.relocate(Math.max(0, e.getSceneX() - press[0]),
                Math.max(0, e.getSceneY() - press[1])));
        bar.setOnMouseReleased(e -> {
            ViewLayout now = current(v.id());
            store(now, now.withBounds(Math.round(box.getLayoutX()), Math.round(box.getLayoutY()), now.width(),
                    now.height()));
        });
        grip.setOnMousePressed(e -> {
            press[2] = e.getSceneX() - box.getPrefWidth();
            press[3] = e.getSceneY() - box.getPrefHeight();
            e.consume();
        });
        grip.setOnMouseDragged(e -> {
            box.setPrefSize(Math.max(160, e.getSceneX() - press[2]), Math.max(100, e.getSceneY() - press[3]));
            e.consume();
        });
        grip.setOnMouseReleased(e -> {
            ViewLayout now = current(v.id());
            store(now, now.withBounds(now.x(), now.y(), Math.round(box.getPrefWidth()),
                    Math.round(box.getPrefHeight())));
            e.consume();
        });
        views.add(view);
        notes.add(note);
        panels.add(box);
        overlays.add(new SurfaceOverlay(view));
        return box;
    }

    /** The title bar's menu of a spectrum or time view: other sinks of the same type to draw over it. */
    private javafx.scene.control.ContextMenu overlayMenu(ViewLayout v) {
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu();
        String type = doc.graph().block(v.block()).map(b -> b.type()).orElse("");
        List<String> on = Overlays.ids(v.options().get(Overlays.OPTION));
        for (var b : doc.graph().blocks()) {
            if (!b.type().equals(type) || b.id().equals(v.block())) {
                continue;
            }
            javafx.scene.control.CheckMenuItem item = new javafx.scene.control.CheckMenuItem("Overlay " + b.id());
            item.setMnemonicParsing(false);
            item.setSelected(on.contains(b.id()));
            item.setOnAction(e -> {
                List<String> next = new ArrayList<>(on);
                if (!next.remove(b.id())) {
                    next.add(b.id());
                }
                java.util.Map<String, String> options = new java.util.LinkedHashMap<>(v.options());
                options.remove(Overlays.OPTION);
                if (!next.isEmpty()) {
                    options.put(Overlays.OPTION, Overlays.option(next));
                }
                ViewLayout changed = v.withOptions(options);
                doc.apply((item.isSelected() ? "Overlay " : "Remove overlay ") + b.id() + " on view " + v.id(),
                        g -> {
                            List<ViewLayout> vs = new ArrayList<>(g.views());
                            int i = vs.stream().map(ViewLayout::id).toList().indexOf(v.id());
                            if (i >= 0) {
                                vs.set(i, changed);
                            } else {
                                vs.add(changed);
                            }
                            return g.withViews(vs);
                        });
            });
            menu.getItems().add(item);
        }
        if (menu.getItems().isEmpty()) {
            javafx.scene.control.MenuItem none = new javafx.scene.control.MenuItem("No other " + type
                    + " to overlay");
            none.setDisable(true);
            menu.getItems().add(none);
        }
        return menu;
    }

    private ViewLayout current(String id) {
        return shown.stream().filter(v -> v.id().equals(id)).findFirst().orElseThrow();
    }

    /** Writes a moved or resized view into the graph's layout (adding it if it was an automatic one). */
    private void store(ViewLayout old, ViewLayout moved) {
        if (moved.equals(old)) {
            return;
        }
        doc.apply("Move view " + old.id(), g -> {
            List<ViewLayout> vs = new ArrayList<>(g.views());
            vs.removeIf(v -> v.id().equals(moved.id()));
            int i = g.views().stream().map(ViewLayout::id).toList().indexOf(moved.id());
            vs.add(i >= 0 ? i : vs.size(), moved);
            return g.withViews(vs);
        });
    }

    /**
     * Shows a view in a window of its own, titled by its sink's id, of the size its window last had this session (at
     * first the view's size here); the dock keeps its place. Brings the window to the front if the view is out.
     */
    public void popOut(String viewId) {
        int i = shown.stream().map(ViewLayout::id).toList().indexOf(viewId);
        if (i < 0) {
            return;
        }
        ViewWindow open = windows.get(viewId);
        if (open != null) {
            open.toFront();
            return;
        }
        overlays.get(i).release(); // the view goes whole into its window
        LiveView view = views.get(i);
        VBox box = panels.get(i);
        double[] size = windowSizes.getOrDefault(viewId, new double[] {shown.get(i).width(), shown.get(i).height()});
        int at = box.getChildren().indexOf(view);
        Label away = new Label("Shown in its own window");
        away.getStyleClass().add("view-note");
        javafx.scene.control.Button back = new javafx.scene.control.Button("Dock");
        back.setOnAction(e -> dock(viewId));
        VBox placeholder = new VBox(8, away, back);
        placeholder.setAlignment(javafx.geometry.Pos.CENTER);
        VBox.setVgrow(placeholder, Priority.ALWAYS);
        box.getChildren().set(at, placeholder);
        String title = view.blockId() != null ? view.blockId() : viewId;
        ViewWindow w = new ViewWindow(view, title, getScene(), size[0], size[1], v -> {
            ViewWindow closed = windows.remove(viewId);
            windowSizes.put(viewId, new double[] {closed.stage().getScene().getWidth(),
                    closed.stage().getScene().getHeight()});
            if (box.getChildren().contains(placeholder)) { // not when the layout was rebuilt meanwhile
                box.getChildren().set(box.getChildren().indexOf(placeholder), v);
            }
            wake();
        });
        windows.put(viewId, w);
        w.note().setText(notes.get(i).getText());
        notes.get(i).setText(""); // counted in the window now
        w.show();
        wake();
    }

    /** Closes a popped-out view's window: the view is back in its place here. */
    public void dock(String viewId) {
        ViewWindow w = windows.get(viewId);
        if (w != null) {
            w.close();
        }
    }

    /** Pops out the view of the first given block that has one, else the first view still docked; false if none. */
    public boolean popOutFor(List<String> blockIds) {
        for (String b : blockIds) {
            for (ViewLayout v : shown) {
                if (b.equals(v.block())) {
                    popOut(v.id());
                    return true;
                }
            }
        }
        for (ViewLayout v : shown) {
            if (!windows.containsKey(v.id())) {
                popOut(v.id());
                return true;
            }
        }
        return false;
    }

    /** The window a view is popped out to, if it is. */
    public java.util.Optional<javafx.stage.Stage> windowOf(String viewId) {
        return java.util.Optional.ofNullable(windows.get(viewId)).map(ViewWindow::stage);
    }

    /** For tests: the effective layout now shown. */
    public List<ViewLayout> layouts() {
        return shown;
    }
}
