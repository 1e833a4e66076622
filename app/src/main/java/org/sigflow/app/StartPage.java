package org.sigflow.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.sigflow.app.canvas.GraphCanvas;
import org.sigflow.app.settings.RecentFiles;

/**
 * The start page: shown over the empty canvas when the designer starts without a file. New, Open, the recent files
 * and the shipped sample graphs (the folder {@code -Dsigflow.samples} that the launcher sets). It goes away when a
 * graph is opened, a block is added, or Escape / its close button is pressed.
 */
final class StartPage extends VBox {
    private final VBox recent = new VBox(2);
    private final RecentFiles recentFiles;
    private final Consumer<Path> open;

    StartPage(GraphCanvas canvas, RecentFiles recentFiles, Path samples, Runnable newGraph, Runnable openChooser,
              Consumer<Path> open) {
        this.recentFiles = recentFiles;
        this.open = open;
        setId("start-page");
        getStyleClass().add("start-page");
        setSpacing(8);
        Label title = new Label("SigFlow");
        title.getStyleClass().add("start-title");
        Button create = new Button("New graph");
        create.setId("start-new");
        create.setOnAction(e -> {
            newGraph.run();
            close(canvas);
        });
        Button openButton = new Button("Open…");
        openButton.setOnAction(e -> openChooser.run());
        Button closeButton = new Button("Close");
        closeButton.setOnAction(e -> close(canvas));
        Label hint = new Label("Type on the canvas or press Ctrl+F to add a block at the cursor. F1 lists the keys.");
        hint.getStyleClass().add("hint");
        Label recentTitle = new Label("Recent");
        recentTitle.getStyleClass().add("pane-title");
        Label samplesTitle = new Label("Samples");
        samplesTitle.getStyleClass().add("pane-title");
        VBox sampleLinks = new VBox(2);
        sampleLinks.setId("start-samples");
        for (Path p : samples(samples)) {
            sampleLinks.getChildren().add(link(p, p.getFileName().toString()));
        }
        recent.setId("start-recent");
        HBox columns = new HBox(30, new VBox(4, recentTitle, recent), new VBox(4, samplesTitle, sampleLinks));
        getChildren().addAll(title, new HBox(8, create, openButton, closeButton), hint, columns);
        recentFiles.files().addListener((ListChangeListener<Path>) c -> fillRecent());
        fillRecent();
        setOnKeyPressed(e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE) {
                close(canvas);
            }
        });
        Runnable place = () -> {
            autosize();
            relocate(Math.max(10, (canvas.getWidth() - getWidth()) / 2), Math.max(10, (canvas.getHeight()
                    - getHeight()) / 3));
        };
        canvas.widthProperty().addListener(o -> place.run());
        canvas.heightProperty().addListener(o -> place.run());
        needsLayoutProperty().addListener(o -> place.run());
    }

    /** The .graph files of the samples folder, sorted; none when it is not set or unreadable. */
    static List<Path> samples(Path dir) {
        if (dir == null || !Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".graph")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private void fillRecent() {
        recent.getChildren().clear();
        for (Path p : recentFiles.files()) {
            recent.getChildren().add(link(p, p.getFileName() + "  —  " + (p.getParent() == null ? ""
                    : p.getParent().toString())));
        }
        if (recentFiles.files().isEmpty()) {
            Label none = new Label("No recent graphs yet");
            none.getStyleClass().add("hint");
            recent.getChildren().add(none);
        }
    }

    private Hyperlink link(Path p, String text) {
        Hyperlink h = new Hyperlink(text);
        h.setMnemonicParsing(false);
        h.setOnAction(e -> open.accept(p));
        return h;
    }

    void close(GraphCanvas canvas) {
        canvas.removeFloating(this);
    }

    boolean isShowing() {
        return getParent() != null;
    }
}
