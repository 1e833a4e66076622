package org.sigflow.app;

import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/** Help ▸ Keyboard Shortcuts: every key and gesture of the designer on one page. */
final class ShortcutsHelp {
    /** Keys and what they do, in the order shown. */
    static final List<String[]> SHORTCUTS = List.of(
            new String[] {"Ctrl+N / Ctrl+O / Ctrl+S / Ctrl+Shift+S", "new, open, save, save as"},
            new String[] {"Ctrl+Z", "undo"},
            new String[] {"Ctrl+Shift+Z or Ctrl+Y", "redo"},
            new String[] {"Ctrl+A / Ctrl+C / Ctrl+X / Ctrl+V", "select all, copy, cut, paste (with used variables)"},
            new String[] {"Delete, R, E, D, B", "delete, rotate, enable, disable, bypass the selection"},
            new String[] {"type on the canvas, Ctrl+F", "quick-add a block at the cursor (names, concepts, typos)"},
            new String[] {"Ctrl+G", "switch the selection between CPU and CUDA twins"},
            new String[] {"Ctrl+H / Ctrl+Shift+H, double-click", "make a hier block of the selection / open one to edit"},
            new String[] {"Ctrl+Alt+0…3 / Ctrl+Alt+G", "put the selection's GPU blocks on GPU 0…3 / the graph's GPU"},
            new String[] {"Ctrl+= / Ctrl+- / Ctrl+0, wheel", "zoom in, out, fit the graph; zoom at the cursor"},
            new String[] {"right- or middle-drag", "pan"},
            new String[] {"drag port to port", "connect (CPU↔GPU offers a memory node)"},
            new String[] {"F6 / F7", "run / stop"},
            new String[] {"Ctrl+Shift+P, ↗ on a view", "show the selected sink's live view in its own window"},
            new String[] {"F1", "this list"});

    private ShortcutsHelp() {}

    static void show(Window owner) {
        GridPane grid = new GridPane();
        grid.setHgap(18);
        grid.setVgap(4);
        for (int i = 0; i < SHORTCUTS.size(); i++) {
            Label keys = new Label(SHORTCUTS.get(i)[0]);
            keys.setMnemonicParsing(false);
            keys.setStyle("-fx-font-weight: bold;");
            grid.addRow(i, keys, new Label(SHORTCUTS.get(i)[1]));
        }
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.initOwner(owner);
        a.setTitle("SigFlow");
        a.setHeaderText("Keyboard shortcuts");
        a.getDialogPane().setContent(grid);
        a.getDialogPane().setId("shortcuts-dialog");
        a.showAndWait();
    }
}
