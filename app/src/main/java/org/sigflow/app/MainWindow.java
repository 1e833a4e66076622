package org.sigflow.app;

import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Separator;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.sigflow.app.canvas.GraphCanvas;
import org.sigflow.app.canvas.Minimap;
import org.sigflow.app.canvas.PortLegend;
import org.sigflow.app.canvas.QuickAdd;
import org.sigflow.app.canvas.RunBadges;
import org.sigflow.app.model.Arrange;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.app.model.DomainSwitch;
import org.sigflow.app.model.GpuDevices;
import org.sigflow.app.model.Fragments;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.app.panels.PalettePane;
import org.sigflow.app.recovery.Autosave;
import org.sigflow.app.recovery.RecoveryFiles;
import org.sigflow.app.settings.RecentFiles;
import org.sigflow.app.settings.UserSettings;
import org.sigflow.app.theme.Themes;
import org.sigflow.app.panels.ProblemsPane;
import org.sigflow.app.panels.PropertiesPane;
import org.sigflow.app.panels.VariablesPane;
import org.sigflow.app.run.RunController;
import org.sigflow.app.views.LiveViewsPane;
import org.sigflow.format.GraphFormatException;
import org.sigflow.format.GraphReader;
import org.sigflow.format.GraphWriter;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.session.Engine;
import org.sigflow.validate.Severity;

/**
 * The designer's main window: menus and tool bar, palette (left), canvas (centre) over the live views and problems,
 * properties and variables (right), status line (bottom).
 */
public final class MainWindow extends BorderPane {
    private final Stage stage;
    private final GraphDocument doc;
    private final GraphCanvas canvas;
    private final DocumentFiles files;
    private final RunController runner;
    private final LiveViewsPane views;
    private final ProblemsPane problems;
    private final Label status = new Label("Ready");
    private final TabPane bottomTabs = new TabPane();
    private final SplitPane centre = new SplitPane();
    private final Autosave autosave;
    private final QuickAdd quickAdd;
    private final PortLegend legend;
    private final Minimap minimap;
    private final UserSettings settings = new UserSettings(UserSettings.defaultDir());
    private final RecentFiles recent = new RecentFiles(UserSettings.defaultDir());
    private final StartPage startPage;
    private Themes themes;
    private final RunBadges badges;
    private final HierActions hier;

    public MainWindow(Stage stage, Engine engine) {
        this.stage = stage;
        setId("main-window");
        doc = new GraphDocument(engine.catalog());
        status.setId("status");
        canvas = new GraphCanvas(doc, this::say);
        quickAdd = new QuickAdd(canvas, doc);
        legend = new PortLegend(canvas);
        minimap = new Minimap(canvas);
        canvas.addFloating(legend);
        canvas.addFloating(minimap);
        files = new DocumentFiles(doc, () -> stage, this::say);
        runner = new RunController(engine, doc, this::say);
        runner.askTrustOver(() -> stage, files::importedFrom);
        views = new LiveViewsPane(doc, runner::lastRun);
        views.follow(runner.runningProperty()); // its timer runs only during a run (and briefly after)
        views.setVariableListener(runner::variableCommitted);
        files.setAfterLoad(() -> {
            runner.forgetLastRun(); // File ▸ New / Open: the timing view and others no longer show the old graph
            views.resetAll();
            canvas.fitWhenSized();
        });
        files.setImportLayout(canvas::separateAll);
        // The keyboard starts on the canvas (typing there is quick-add, GRC's habit), not the palette's search field,
        // whose blinking caret would present the whole window twice a second under software drawing
        sceneProperty().addListener((o, was, scene) -> {
            if (was == null && scene != null) {
                scene.windowProperty().addListener((w, none, window) -> {
                    if (window != null) {
                        window.addEventHandler(javafx.stage.WindowEvent.WINDOW_SHOWN, e -> canvas.requestFocus());
                    }
                });
            }
        });
        runner.setOnStart(() -> {
            views.resetAll();
            bottomTabs.getSelectionModel().select(0);
            if (centre.getDividerPositions()[0] > 0.56) {
                centre.setDividerPositions(0.5);
            }
        });
        problems = new ProblemsPane(doc);
        autosave = new Autosave(doc, new RecoveryFiles(RecoveryFiles.defaultDir(), ProcessHandle.current().pid()),
                this::say);
        String samples = System.getProperty("sigflow.samples");
        startPage = new StartPage(canvas, recent, samples == null ? null : java.nio.file.Path.of(samples),
                files::newGraph, files::openWithChooser, files::open);
        doc.fileProperty().addListener((o, a, f) -> {
            if (f != null) {
                recent.add(f); // opened or saved: File ▸ Open Recent and the start page list it
                startPage.close(canvas);
            }
        });
        doc.graphProperty().addListener(o -> {
            if (!doc.graph().blocks().isEmpty()) {
                startPage.close(canvas);
            }
        });
        sceneProperty().addListener((o, a, scene) -> {
            if (scene != null && themes == null) {
                themes = new Themes(scene, settings, canvas::redraw);
            }
        });
        installFileDrop();
        badges = new RunBadges(canvas, runner.runningProperty(), type -> doc.catalog().find(type)
                .map(d -> d.domain() == org.sigflow.catalog.Domain.CUDA).orElse(false));

        PalettePane palette = new PalettePane(engine.catalog(), canvas::addBlockInView);
        hier = new HierActions(engine, doc, canvas, palette, this::say);
        files.setOnHierImported(hier::saveImported);
        canvas.addEventHandler(javafx.scene.input.MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getClickCount() == 2 && e.getButton() == javafx.scene.input.MouseButton.PRIMARY
                    && hier.selectedHierFile().isPresent()) {
                hier.openSelected(); // double-click a hier block: edit inside
                e.consume();
            }
        });
        PropertiesPane properties = new PropertiesPane(doc, runner::paramCommitted);
        VariablesPane variables = new VariablesPane(doc, runner::variableCommitted);

        Tab viewsTab = new Tab("Live views", views);
        viewsTab.setId("tab-views");
        Tab problemsTab = new Tab("Problems", problems);
        problemsTab.setId("tab-problems");
        problemsTab.textProperty().bind(Bindings.createStringBinding(() -> {
            long n = doc.validation().problems().stream().filter(p -> p.severity() == Severity.ERROR).count();
            return n == 0 ? "Problems" : "Problems (" + n + ")";
        }, doc.validationProperty()));
        bottomTabs.getTabs().addAll(viewsTab, problemsTab);
        bottomTabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        TabPane right = new TabPane(new Tab("Properties", properties), new Tab("Variables", variables));
        right.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        right.getTabs().get(1).setId("tab-variables");
        SplitPane editing = new SplitPane(palette, canvas, right);
        editing.setDividerPositions(0.15, 0.77);
        SplitPane.setResizableWithParent(palette, false);
        SplitPane.setResizableWithParent(right, false);
        // Editing on top, live views and problems across the whole width below.
        centre.setOrientation(Orientation.VERTICAL);
        centre.getItems().addAll(editing, bottomTabs);
        centre.setDividerPositions(0.68);
        setTop(new VBox(menuBar(), toolBar()));
        setCenter(centre);
        HBox statusBar = new HBox(status);
        statusBar.getStyleClass().add("status-bar");
        setBottom(statusBar);

        canvas.setBlockMenu(this::blockMenu);
        canvas.setOnKeyPressed(e -> {
            List<String> sel = doc.selectedInGraphOrder();
            switch (e.getCode()) {
                case DELETE, BACK_SPACE -> deleteSelection();
                case R -> edit("Rotate", sel, GraphEdits.rotate(sel));
                case E -> edit("Enable", sel, GraphEdits.setState(sel, BlockState.ENABLED));
                case D -> edit("Disable", sel, GraphEdits.setState(sel, BlockState.DISABLED));
                case B -> edit("Bypass", sel, GraphEdits.setState(sel, BlockState.BYPASSED));
                default -> {
                    return;
                }
            }
            e.consume();
        });
        doc.graphProperty().addListener(o -> updateTitle());
        doc.dirtyProperty().addListener(o -> updateTitle());
        doc.fileProperty().addListener(o -> updateTitle());
        updateTitle();
    }

    public GraphDocument document() {
        return doc;
    }

    public GraphCanvas canvas() {
        return canvas;
    }

    public DocumentFiles files() {
        return files;
    }

    public RunController runner() {
        return runner;
    }

    public LiveViewsPane views() {
        return views;
    }

    public QuickAdd quickAdd() {
        return quickAdd;
    }

    public PortLegend portLegend() {
        return legend;
    }

    public Minimap minimap() {
        return minimap;
    }

    public RunBadges runBadges() {
        return badges;
    }

    HierActions hierActions() {
        return hier;
    }

    public RecentFiles recentFiles() {
        return recent;
    }

    public Themes themes() {
        return themes;
    }

    /** Shows the start page (samples, recent files) over the empty canvas; the designer does so when started bare. */
    public void showStartPage() {
        canvas.addFloating(startPage);
        startPage.requestLayout();
    }

    public boolean isStartPageShowing() {
        return startPage.isShowing();
    }

    /** Dropping a .graph, .grc or SigMF file on the window opens it (after asking about unsaved changes). */
    private void installFileDrop() {
        addEventFilter(javafx.scene.input.DragEvent.DRAG_OVER, e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(javafx.scene.input.TransferMode.COPY, javafx.scene.input.TransferMode.LINK);
                e.consume();
            }
        });
        addEventFilter(javafx.scene.input.DragEvent.DRAG_DROPPED, e -> {
            if (e.getDragboard().hasFiles()) {
                List<java.io.File> dropped = List.copyOf(e.getDragboard().getFiles());
                e.setDropCompleted(true);
                e.consume();
                // After the drop has finished: the unsaved-changes dialog must not run inside the drag.
                Platform.runLater(() -> openDropped(dropped));
            }
        });
    }

    /** Opens the first dropped file; says how many others were left. */
    void openDropped(List<java.io.File> dropped) {
        java.nio.file.Path first = dropped.getFirst().toPath();
        if (files.open(first) && dropped.size() > 1) {
            say("Opened " + first.getFileName() + " (one file at a time: " + (dropped.size() - 1)
                    + " more not opened)");
        }
    }

    public Autosave autosave() {
        return autosave;
    }

    /** After a crash or kill: offers the unsaved graph that was left behind; true when it was recovered. */
    public boolean offerRecovery() {
        return autosave.offerRecovery(stage, files::loadRecovered);
    }

    public String statusText() {
        return status.getText();
    }

    void say(String message) {
        status.setText(message);
    }

    private void updateTitle() {
        String t = doc.graph().metadata().title();
        String title = files.name() + (t.isBlank() ? "" : " — " + t) + " — SigFlow";
        stage.setTitle((doc.isDirty() ? "• " : "") + title);
    }

    private void edit(String name, List<String> sel, java.util.function.UnaryOperator<Graph> op) {
        if (!sel.isEmpty()) {
            doc.apply(name + (sel.size() == 1 ? " " + sel.getFirst() : " " + sel.size() + " blocks"), op);
        }
    }

    /** Moves the selected blocks to their CPU or CUDA twin, with the memory nodes that needs (one undoable edit). */
    private void switchDomain() {
        List<String> withTwin = doc.selectedInGraphOrder().stream().filter(id -> doc.graph().block(id)
                .flatMap(b -> DomainSwitch.twinOf(doc.catalog(), b.type())).isPresent()).toList();
        if (withTwin.isEmpty()) {
            say("The selection has no block with a CPU/CUDA twin");
            return;
        }
        edit("Switch CPU ⇄ CUDA:", withTwin, canvas.placingNewBlocks(DomainSwitch.toggle(withTwin, doc.catalog())));
        say("Switched " + String.join(", ", withTwin) + " between CPU and CUDA; memory nodes follow the new domains");
    }

    /** Puts the selection's GPU blocks on GPU {@code device}, or back on the graph's GPU ({@code null}): one edit. */
    private void setGpuDevice(Integer device) {
        List<String> gpu = GpuDevices.gpuBlocks(doc.graph(), doc.catalog(), doc.selectedInGraphOrder());
        if (gpu.isEmpty()) {
            say("The selection has no CUDA block or memory node");
            return;
        }
        String where = device == null ? "the graph's GPU (gpu_device)" : "GPU " + device;
        edit("Put on " + where + ":", gpu, GpuDevices.set(gpu, device));
        say("Put " + String.join(", ", gpu) + " on " + where);
    }

    /**
     * "GPU Device" ▸ GPU 0 … 3, the graph's GPU (in the Edit menu with Ctrl+Alt+digit, Ctrl+Alt+G; the block menu has
     * its own copy without shortcuts, as a menu item lives in one menu); other indices via the properties.
     */
    private Menu gpuDeviceMenu(boolean shortcuts) {
        Menu m = new Menu("GPU _Device");
        for (int d = 0; d < 4; d++) {
            int device = d;
            m.getItems().add(item("GPU " + d, shortcuts ? "Shortcut+Alt+" + d : null, () -> setGpuDevice(device)));
        }
        m.getItems().add(item("The graph's GPU (gpu_device)", shortcuts ? "Shortcut+Alt+G" : null,
                () -> setGpuDevice(null)));
        return m;
    }

    private void deleteSelection() {
        List<String> blocks = doc.selectedInGraphOrder();
        List<Connection> edges = new ArrayList<>(doc.selectedConnections());
        if (blocks.isEmpty() && edges.isEmpty()) {
            return;
        }
        String what = blocks.size() + edges.size() == 1
                ? (blocks.isEmpty() ? "connection " + edges.getFirst() : blocks.getFirst())
                : (blocks.size() + edges.size()) + " items";
        doc.apply("Delete " + what, GraphEdits.delete(blocks, edges));
    }

    /** Puts the selected blocks (and the connections among them) on the clipboard as .graph text. */
    private boolean copySelection() {
        List<String> sel = doc.selectedInGraphOrder();
        if (sel.isEmpty()) {
            return false;
        }
        ClipboardContent c = new ClipboardContent();
        c.putString(new GraphWriter().write(Fragments.cut(doc.graph(), sel)));
        Clipboard.getSystemClipboard().setContent(c);
        say("Copied " + sel.size() + " block(s)");
        return true;
    }

    /** Adds the clipboard's blocks, shifted so they do not cover the originals, and selects them. */
    private void paste() {
        String text = Clipboard.getSystemClipboard().getString();
        Graph fragment;
        try {
            fragment = text == null ? null : new GraphReader().read(text, "clipboard").graph();
        } catch (GraphFormatException e) {
            fragment = null;
        }
        if (fragment == null || fragment.blocks().isEmpty()) {
            say("The clipboard holds no SigFlow blocks");
            return;
        }
        List<String> ids = new ArrayList<>();
        doc.apply("Paste " + fragment.blocks().size() + " block(s)", canvas.placingNewBlocks(
                Fragments.paste(fragment, 30, 30, ids)));
        doc.select(ids);
    }

    /** The menu of a right-clicked block (the selection then holds it). */
    private ContextMenu blockMenu() {
        return new ContextMenu(
                item("Rotate", null, () -> edit("Rotate", doc.selectedInGraphOrder(),
                        GraphEdits.rotate(doc.selectedInGraphOrder()))),
                item("Enable", null, () -> setState(BlockState.ENABLED)),
                item("Disable", null, () -> setState(BlockState.DISABLED)),
                item("Bypass", null, () -> setState(BlockState.BYPASSED)),
                item("Switch CPU ⇄ CUDA", null, this::switchDomain),
                gpuDeviceMenu(false),
                item("Make Hier Block…", null, hier::askAndMake),
                item("Open Hier Block", null, () -> hier.openSelected()),
                new SeparatorMenuItem(),
                item("Copy", null, this::copySelection),
                item("Delete", null, this::deleteSelection));
    }

    private MenuBar menuBar() {
        Menu file = new Menu("_File");
        file.getItems().addAll(item("_New", "Shortcut+N", files::newGraph),
                item("_Open…", "Shortcut+O", files::openWithChooser),
                item("_Save", "Shortcut+S", files::save),
                item("Save _As…", "Shortcut+Shift+S", files::saveAs),
                recentMenu(),
                new SeparatorMenuItem(),
                item("_Quit", "Shortcut+Q", () -> {
                    if (confirmClose()) {
                        stage.close();
                    }
                }));
        MenuItem undo = item("_Undo", "Shortcut+Z", doc::undo);
        MenuItem redo = item("_Redo", "Shortcut+Shift+Z", doc::redo);
        Menu edit = new Menu("_Edit");
        // Kept current after every edit, not only when the menu opens: a disabled item's shortcut does nothing, so
        // redo state captured at the last menu opening made Ctrl+Shift+Z dead until the menu was opened again.
        Runnable refresh = () -> undoRedoLabels(undo, redo);
        doc.graphProperty().addListener(o -> refresh.run());
        refresh.run();
        edit.setOnShowing(e -> refresh.run());
        edit.getItems().addAll(undo, redo, item("Redo", "Shortcut+Y", doc::redo), new SeparatorMenuItem(),
                item("Cu_t", "Shortcut+X", () -> {
                    if (copySelection()) {
                        deleteSelection();
                    }
                }),
                item("_Copy", "Shortcut+C", this::copySelection),
                item("_Paste", "Shortcut+V", this::paste),
                new SeparatorMenuItem(),
                item("_Quick Add Block…", "Shortcut+F", () -> quickAdd.open("")),
                item("Select _All", "Shortcut+A", () -> doc.select(doc.graph().blocks().stream()
                        .map(b -> b.id()).toList())),
                item("_Delete (Del)", null, this::deleteSelection),
                item("_Rotate (R)", null, () -> edit("Rotate", doc.selectedInGraphOrder(),
                        GraphEdits.rotate(doc.selectedInGraphOrder()))),
                item("_Enable (E)", null, () -> setState(BlockState.ENABLED)),
                item("_Disable (D)", null, () -> setState(BlockState.DISABLED)),
                item("_Bypass (B)", null, () -> setState(BlockState.BYPASSED)),
                item("Switch CPU ⇄ C_UDA", "Shortcut+G", this::switchDomain), gpuDeviceMenu(true),
                item("Make _Hier Block…", "Shortcut+H", hier::askAndMake),
                item("Open Hier Bloc_k", "Shortcut+Shift+H", () -> hier.openSelected()),
                new SeparatorMenuItem(), arrangeMenu());
        edit.getItems().get(2).setVisible(false); // Ctrl+Y as a second redo key, without a second menu line
        Menu view = new Menu("_View");
        view.getItems().addAll(item("Zoom _In", "Shortcut+EQUALS", () -> canvas.zoomBy(1.25)),
                item("Zoom _Out", "Shortcut+MINUS", () -> canvas.zoomBy(0.8)),
                item("_Fit Graph", "Shortcut+0", canvas::fitToContent), new SeparatorMenuItem(),
                toggle("Port _Legend", legend), toggle("_Minimap", minimap), themeMenu(),
                item("_Start Page", null, this::showStartPage), new SeparatorMenuItem(),
                item("_Pop Out Live View", "Shortcut+Shift+P", () -> {
                    if (!views.popOutFor(doc.selectedInGraphOrder())) {
                        say("No live view to pop out: the graph has no display sinks");
                    }
                }));
        Menu run = new Menu("_Run");
        MenuItem start = item("_Run", "F6", runner::start);
        MenuItem stop = item("_Stop", "F7", runner::stop);
        start.disableProperty().bind(runner.runningProperty().isNotNull());
        stop.disableProperty().bind(runner.runningProperty().isNull());
        MenuItem remote = item("Run on _Remote Engine…", null, () -> org.sigflow.app.run.RemoteRunDialog.ask(stage)
                .ifPresent(t -> runner.startRemote(t.address(), t.token())));
        remote.setId("menu-run-remote");
        remote.disableProperty().bind(runner.runningProperty().isNotNull());
        run.getItems().addAll(start, stop, remote);
        Menu help = new Menu("_Help");
        help.getItems().add(item("_Keyboard Shortcuts", "F1", () -> ShortcutsHelp.show(stage)));
        MenuBar bar = new MenuBar(file, edit, view, run, help);
        bar.setId("menu-bar");
        return bar;
    }

    /** File ▸ Open Recent, filled when it opens. */
    private Menu recentMenu() {
        Menu m = new Menu("Open _Recent");
        m.setId("recent-menu");
        m.getItems().add(new MenuItem("(none)")); // a menu with no items never shows
        m.setOnShowing(e -> {
            m.getItems().clear();
            for (java.nio.file.Path p : recent.files()) {
                MenuItem i = item(p.getFileName() + "  —  " + p.getParent(), null, () -> files.open(p));
                i.setMnemonicParsing(false);
                m.getItems().add(i);
            }
            MenuItem clear = item("Clear List", null, recent::clear);
            clear.setDisable(recent.files().isEmpty());
            m.getItems().addAll(new SeparatorMenuItem(), clear);
        });
        return m;
    }

    /** View ▸ Theme: follow the system, or light or dark by hand (saved). */
    private Menu themeMenu() {
        Menu m = new Menu("_Theme");
        javafx.scene.control.ToggleGroup group = new javafx.scene.control.ToggleGroup();
        for (Themes.Choice c : Themes.Choice.values()) {
            javafx.scene.control.RadioMenuItem r = new javafx.scene.control.RadioMenuItem(switch (c) {
                case SYSTEM -> "Follow the System";
                case LIGHT -> "Light";
                case DARK -> "Dark";
            });
            r.setToggleGroup(group);
            r.setOnAction(e -> themes.choose(c));
            m.getItems().add(r);
        }
        m.setOnShowing(e -> group.getToggles().get(themes.choiceProperty().get().ordinal()).setSelected(true));
        return m;
    }

    /** Edit ▸ Arrange: align the selection's edges or centres, or space it evenly (one undoable edit each). */
    private Menu arrangeMenu() {
        Menu m = new Menu("A_rrange");
        m.setId("arrange-menu");
        for (Arrange.Line line : Arrange.Line.values()) {
            String name = "Align " + line.name().charAt(0) + line.name().substring(1).toLowerCase(java.util.Locale.ROOT);
            m.getItems().add(item(name, null, () -> arrange(name, sel -> Arrange.align(sel, line,
                    canvas.footprints(doc.graph())))));
        }
        m.getItems().addAll(new SeparatorMenuItem(),
                item("Distribute Horizontally", null, () -> arrange("Distribute horizontally",
                        sel -> Arrange.distribute(sel, true, canvas.footprints(doc.graph())))),
                item("Distribute Vertically", null, () -> arrange("Distribute vertically",
                        sel -> Arrange.distribute(sel, false, canvas.footprints(doc.graph())))));
        return m;
    }

    private void arrange(String name, java.util.function.Function<List<String>, java.util.function.UnaryOperator<Graph>> op) {
        List<String> sel = doc.selectedInGraphOrder();
        int needed = name.startsWith("Distribute") ? 3 : 2;
        if (sel.size() < needed) {
            say(name + " needs at least " + needed + " selected blocks");
            return;
        }
        edit(name + ":", sel, op.apply(sel));
    }

    /** Names the next undo/redo; block ids such as {@code multiply_const_0} keep their underscores. */
    private void undoRedoLabels(MenuItem undo, MenuItem redo) {
        undo.setMnemonicParsing(false);
        redo.setMnemonicParsing(false);
        undo.setText(doc.history().nextUndo().map(n -> "Undo " + n).orElse("Undo"));
        undo.setDisable(doc.history().nextUndo().isEmpty());
        redo.setText(doc.history().nextRedo().map(n -> "Redo " + n).orElse("Redo"));
        redo.setDisable(doc.history().nextRedo().isEmpty());
    }

    private void setState(BlockState s) {
        List<String> sel = doc.selectedInGraphOrder();
        edit(switch (s) {
            case ENABLED -> "Enable";
            case DISABLED -> "Disable";
            case BYPASSED -> "Bypass";
        }, sel, GraphEdits.setState(sel, s));
    }

    /** A View menu check item showing or hiding a floating canvas aid. */
    private static MenuItem toggle(String text, javafx.scene.Node aid) {
        javafx.scene.control.CheckMenuItem m = new javafx.scene.control.CheckMenuItem(text);
        m.setSelected(true);
        aid.visibleProperty().bind(m.selectedProperty());
        return m;
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (accelerator != null) {
            m.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        m.setOnAction(e -> action.run());
        return m;
    }

    private ToolBar toolBar() {
        Button run = button("▶  Run", "Run the graph (F6)", runner::start);
        run.setId("run-button");
        run.getStyleClass().add("run-button");
        run.disableProperty().bind(runner.runningProperty().isNotNull());
        Button stop = button("■  Stop", "Stop the running graph (F7)", runner::stop);
        stop.setId("stop-button");
        stop.getStyleClass().add("stop-button");
        stop.disableProperty().bind(runner.runningProperty().isNull());
        Button undo = button("↶", "Undo (Ctrl+Z)", doc::undo);
        undo.setId("undo-button");
        Button redo = button("↷", "Redo (Ctrl+Shift+Z)", doc::redo);
        redo.setId("redo-button");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        return new ToolBar(button("New", "New graph (Ctrl+N)", files::newGraph),
                button("Open…", "Open a graph (Ctrl+O)", files::openWithChooser),
                button("Save", "Save (Ctrl+S)", files::save), new Separator(), undo, redo, new Separator(),
                button("⟳ Rotate", "Rotate the selection (R)", () -> edit("Rotate", doc.selectedInGraphOrder(),
                        GraphEdits.rotate(doc.selectedInGraphOrder()))),
                button("−", "Zoom out", () -> canvas.zoomBy(0.8)), button("+", "Zoom in", () -> canvas.zoomBy(1.25)),
                button("Fit", "Show the whole graph", canvas::fitToContent), spacer, run, stop);
    }

    private static Button button(String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        b.setFocusTraversable(false);
        return b;
    }

    /** Before the window closes: unsaved changes asked about, a running graph stopped. */
    public boolean confirmClose() {
        if (!files.confirmDiscard()) {
            return false;
        }
        runner.stop();
        autosave.closed();
        return true;
    }
}
