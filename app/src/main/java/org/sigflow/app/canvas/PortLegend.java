package org.sigflow.app.canvas;

import java.util.LinkedHashMap;
import java.util.Map;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import org.sigflow.catalog.Dtype;

/**
 * The port legend (View ▸ Port Legend): what each port colour means — one swatch per stream type, drawn as the
 * canvas draws ports — plus the GPU-memory rim and the grey of a port whose type is not known yet. It floats in the
 * canvas's top-right corner as a small "Ports" tab that opens while the mouse is over it (or pinned by a click), so
 * it does not cover the graph.
 */
public final class PortLegend extends VBox {
    private final Map<String, Rectangle> swatches = new LinkedHashMap<>();
    private final VBox rows = new VBox(3);
    private boolean pinned;

    public PortLegend(GraphCanvas canvas) {
        setId("port-legend");
        getStyleClass().add("port-legend");
        Label title = new Label("Ports ▾");
        title.getStyleClass().add("legend-title");
        getChildren().addAll(title, rows);
        rows.managedProperty().bind(rows.visibleProperty());
        rows.setVisible(false);
        hoverProperty().addListener(o -> rows.setVisible(pinned || isHover()));
        setOnMouseClicked(e -> {
            pinned = !pinned;
            rows.setVisible(pinned || isHover());
            e.consume();
        });
        addEventHandler(javafx.scene.input.MouseEvent.MOUSE_PRESSED, javafx.event.Event::consume);
        for (Dtype d : Dtype.values()) {
            row(d.id(), d.id() + "  " + d.description(), DtypeColors.of(d), Color.web("#37474f"), 1);
        }
        row("gpu", "GPU memory (CUDA)", Color.web("#3399ff"), DtypeColors.CUDA.darker(), 3);
        row("unknown", "type not known yet", DtypeColors.UNKNOWN, Color.web("#37474f"), 1);
        Runnable place = () -> {
            autosize();
            relocate(canvas.getWidth() - getWidth() - 10, 10);
        };
        canvas.widthProperty().addListener(o -> place.run());
        needsLayoutProperty().addListener(o -> place.run());
        // Unmanaged: opening or closing the rows must resize the box and keep it on the right edge.
        rows.visibleProperty().addListener(o -> {
            applyCss();
            place.run();
        });
    }

    private void row(String key, String text, Color fill, Color rim, double rimWidth) {
        Rectangle r = new Rectangle(14, 10, fill);
        r.setStroke(rim);
        r.setStrokeWidth(rimWidth);
        r.setArcWidth(3);
        r.setArcHeight(3);
        swatches.put(key, r);
        Label l = new Label(text);
        l.getStyleClass().add("legend-text");
        HBox box = new HBox(8, r, l);
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        rows.getChildren().add(box);
    }

    /** Whether the colour rows show (hovered or pinned). */
    public boolean isOpen() {
        return rows.isVisible();
    }

    /** The swatch of a dtype id, {@code gpu} or {@code unknown} (for tests). */
    public Rectangle swatch(String key) {
        return swatches.get(key);
    }
}
