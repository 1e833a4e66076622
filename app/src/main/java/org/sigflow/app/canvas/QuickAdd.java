package org.sigflow.app.canvas;

import java.util.List;
import javafx.event.Event;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.sigflow.app.model.BlockSearch;
import org.sigflow.app.model.BlockSearch.Hit;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.catalog.Domain;
import org.sigflow.graph.Graph;

/**
 * Quick-add at the cursor: typing a letter on the canvas (with nothing selected, or any letter that is not one of
 * the R/E/D/B keys) or Ctrl+F opens a search box where the mouse is; Enter adds the chosen block there (with its
 * preset, e.g. FIR Filter with Filter = Low Pass), Escape or clicking elsewhere closes it.
 */
public final class QuickAdd extends VBox {
    private static final int MAX_HITS = 40;
    private final GraphCanvas canvas;
    private final GraphDocument doc;
    private final TextField field = new TextField();
    private final ListView<Hit> list = new ListView<>();
    private double[] at = {0, 0};

    public QuickAdd(GraphCanvas canvas, GraphDocument doc) {
        this.canvas = canvas;
        this.doc = doc;
        setId("quick-add");
        getStyleClass().add("quick-add");
        field.setId("quick-add-field");
        field.setPromptText("Add a block: name, concept (\"low pass\", \"audio\")…");
        list.setId("quick-add-list");
        list.setPrefSize(380, 260);
        list.setCellFactory(l -> new HitCell());
        list.setFocusTraversable(false);
        list.setOnMouseClicked(e -> {
            if (e.getClickCount() >= 1 && list.getSelectionModel().getSelectedItem() != null) {
                add(list.getSelectionModel().getSelectedItem());
            }
        });
        VBox.setVgrow(list, Priority.ALWAYS);
        getChildren().addAll(field, list);
        field.textProperty().addListener((o, a, b) -> refresh());
        field.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            switch (e.getCode()) {
                case DOWN -> move(1);
                case UP -> move(-1);
                case ENTER -> {
                    Hit h = list.getSelectionModel().getSelectedItem();
                    if (h != null) {
                        add(h);
                    }
                }
                case ESCAPE -> close();
                default -> {
                    return;
                }
            }
            e.consume();
        });
        // Keys and clicks stay here: the canvas below would rotate, delete or start a selection band.
        addEventHandler(KeyEvent.ANY, Event::consume);
        addEventHandler(MouseEvent.ANY, Event::consume);
        addEventHandler(ScrollEvent.ANY, Event::consume);
        // Clicking elsewhere closes the box (the list's cells toggle focus-within, so the field's focus is watched).
        field.focusedProperty().addListener((o, was, is) -> {
            if (!is) {
                javafx.application.Platform.runLater(() -> {
                    if (!field.isFocused() && !list.isFocused()) {
                        close();
                    }
                });
            }
        });
        canvas.addEventHandler(KeyEvent.KEY_TYPED, this::typedOnCanvas);
    }

    private void typedOnCanvas(KeyEvent e) {
        String c = e.getCharacter();
        if (isOpen() || e.isShortcutDown() || e.isAltDown() || c.length() != 1
                || !Character.isLetterOrDigit(c.charAt(0))) {
            return;
        }
        if (!doc.selectedBlocks().isEmpty() && "rRdDeEbB".contains(c)) {
            return; // the selection's keys: rotate, disable, enable, bypass
        }
        open(c);
        e.consume();
    }

    /** Opens the box at the mouse pointer with {@code text} typed. */
    public void open(String text) {
        double[] p = canvas.pointer();
        at = canvas.toWorld(p[0], p[1]);
        canvas.addFloating(this);
        applyCss();
        resize(prefWidth(-1), prefHeight(-1));
        relocate(Math.clamp(p[0], 0, Math.max(0, canvas.getWidth() - getWidth())),
                Math.clamp(p[1], 0, Math.max(0, canvas.getHeight() - getHeight())));
        field.setText(text);
        refresh();
        field.requestFocus();
        field.positionCaret(text.length());
    }

    public boolean isOpen() {
        return getParent() != null;
    }

    public void close() {
        if (isOpen()) {
            canvas.removeFloating(this);
            canvas.requestFocus();
        }
    }

    /** The hits shown now, best first. */
    public List<Hit> hits() {
        return List.copyOf(list.getItems());
    }

    private void refresh() {
        list.getItems().setAll(BlockSearch.search(doc.catalog(), field.getText(), MAX_HITS));
        list.getSelectionModel().selectFirst();
        list.scrollTo(0);
    }

    private void move(int by) {
        int i = Math.clamp(list.getSelectionModel().getSelectedIndex() + by, 0, list.getItems().size() - 1);
        list.getSelectionModel().select(i);
        list.scrollTo(Math.max(0, i - 3));
    }

    /** Adds the hit's block with its top-left at the point the box opened on, as one undoable edit. */
    private void add(Hit h) {
        Graph g = doc.graph();
        String id = GraphEdits.newId(g, h.def().id());
        double x = GraphCanvas.snap(at[0]);
        double y = GraphCanvas.snap(at[1]);
        doc.apply("Add " + h.title(), before -> {
            Graph after = GraphEdits.addBlock(h.def(), id, x, y).apply(before);
            return h.param() == null ? after : after.withBlockEdited(id, b -> b.withParam(h.param(), h.option()));
        });
        doc.select(List.of(id));
        close();
    }

    private static final class HitCell extends ListCell<Hit> {
        @Override
        protected void updateItem(Hit h, boolean empty) {
            super.updateItem(h, empty);
            setText(null);
            if (empty || h == null) {
                setGraphic(null);
                return;
            }
            Label title = new Label(h.title());
            Region gap = new Region();
            HBox.setHgrow(gap, Priority.ALWAYS);
            Label where = new Label(String.join(" ▸ ", h.def().category()));
            where.getStyleClass().add("hint-small");
            HBox box = new HBox(6, title, gap, where);
            if (h.def().domain() == Domain.CUDA) {
                Label tag = new Label("CUDA");
                tag.getStyleClass().add("cuda-tag");
                box.getChildren().add(1, tag);
            }
            setGraphic(box);
        }
    }
}
