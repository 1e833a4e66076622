package org.sigflow.app.panels;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.sigflow.app.canvas.GraphCanvas;
import org.sigflow.app.model.BlockSearch;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.Domain;

/**
 * The block library: the catalog as a category tree with a search field ({@link BlockSearch}: label, id, category,
 * tags, option labels; typos forgiven).
 * Double-click or Enter adds the block; dragging it onto the canvas drops it there.
 */
public final class PalettePane extends VBox {
    private Catalog catalog;
    private final TreeView<Object> tree = new TreeView<>();
    private final TextField search = new TextField();
    private final Consumer<BlockDef> onAdd;

    public PalettePane(Catalog catalog, Consumer<BlockDef> onAdd) {
        this.catalog = catalog;
        this.onAdd = onAdd;
        setId("palette");
        getStyleClass().add("side-pane");
        search.setId("palette-search");
        search.setPromptText("Search blocks…");
        search.textProperty().addListener((o, a, b) -> fill(b));
        search.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                firstLeaf(tree.getRoot()).ifPresent(onAdd);
            } else if (e.getCode() == KeyCode.DOWN) {
                tree.requestFocus();
                tree.getSelectionModel().selectFirst();
            }
        });
        tree.setId("palette-tree");
        tree.setShowRoot(false);
        tree.setCellFactory(t -> new BlockCell());
        tree.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                selectedDef().ifPresent(onAdd);
            }
        });
        VBox.setVgrow(tree, Priority.ALWAYS);
        Label title = new Label("Blocks");
        title.getStyleClass().add("pane-title");
        getChildren().addAll(title, search, tree);
        fill("");
    }

    /** Shows another catalog (hier blocks were made, changed or found), keeping the search. */
    public void setCatalog(Catalog catalog) {
        this.catalog = catalog;
        fill(search.getText());
    }

    private java.util.Optional<BlockDef> selectedDef() {
        TreeItem<Object> item = tree.getSelectionModel().getSelectedItem();
        return item != null && item.getValue() instanceof BlockDef d ? java.util.Optional.of(d)
                : java.util.Optional.empty();
    }

    private static java.util.Optional<BlockDef> firstLeaf(TreeItem<Object> item) {
        if (item.getValue() instanceof BlockDef d) {
            return java.util.Optional.of(d);
        }
        for (TreeItem<Object> c : item.getChildren()) {
            java.util.Optional<BlockDef> d = firstLeaf(c);
            if (d.isPresent()) {
                return d;
            }
        }
        return java.util.Optional.empty();
    }

    private void fill(String query) {
        String q = query.trim().toLowerCase(Locale.ROOT);
        TreeItem<Object> root = new TreeItem<>("root");
        Map<String, TreeItem<Object>> folders = new LinkedHashMap<>();
        List<BlockDef> defs = catalog.all().stream().filter(d -> matches(d, q))
                .sorted(java.util.Comparator.comparing((BlockDef d) -> String.join("/", d.category()))
                        .thenComparing(BlockDef::label)).toList();
        for (BlockDef d : defs) {
            TreeItem<Object> parent = root;
            StringBuilder path = new StringBuilder();
            for (String c : d.category().isEmpty() ? List.of("Uncategorised") : d.category()) {
                path.append('/').append(c);
                TreeItem<Object> p = parent;
                parent = folders.computeIfAbsent(path.toString(), k -> {
                    TreeItem<Object> f = new TreeItem<>(c);
                    p.getChildren().add(f);
                    return f;
                });
                parent.setExpanded(!q.isEmpty());
            }
            parent.getChildren().add(new TreeItem<>(d));
        }
        tree.setRoot(root);
    }

    private static boolean matches(BlockDef d, String q) {
        return BlockSearch.matches(d, q); // label, id, category, tags and option labels, typos forgiven
    }

    /** Shows a block with its domain; makes leaves draggable and double-clickable. */
    private final class BlockCell extends TreeCell<Object> {
        BlockCell() {
            setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && getItem() instanceof BlockDef d) {
                    onAdd.accept(d);
                }
            });
            setOnDragDetected(e -> {
                if (getItem() instanceof BlockDef d) {
                    ClipboardContent c = new ClipboardContent();
                    c.putString(GraphCanvas.DRAG_PREFIX + d.id());
                    startDragAndDrop(TransferMode.COPY).setContent(c);
                    e.consume();
                }
            });
        }

        @Override
        protected void updateItem(Object item, boolean empty) {
            super.updateItem(item, empty);
            setGraphic(null);
            setTooltip(null);
            if (empty || item == null) {
                setText(null);
                setId(null); // cells are reused: an empty one must not keep a block's id
            } else if (item instanceof BlockDef d) {
                setText(null);
                Label name = new Label(d.label());
                HBox box = new HBox(6, name);
                if (d.domain() == Domain.CUDA) {
                    Label tag = new Label("CUDA");
                    tag.getStyleClass().add("cuda-tag");
                    box.getChildren().add(tag);
                }
                setGraphic(box);
                setId("palette-" + d.id());
                setTooltip(new Tooltip(d.id() + "\n" + (d.doc().length() > 400 ? d.doc().substring(0, 397) + "…"
                        : d.doc())));
            } else {
                setText(item.toString());
                setId(null);
            }
        }
    }
}
