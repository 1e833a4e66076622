package org.sigflow.app.settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Recently opened or saved graphs, newest first (at most {@value #MAX}), kept in {@code recent-files} in the config
 * folder, one absolute path a line. Files that no longer exist are still listed (a drive may be unmounted); opening
 * one says that it is missing.
 */
public final class RecentFiles {
    public static final int MAX = 10;
    private final Path store;
    private final ObservableList<Path> files = FXCollections.observableArrayList();

    public RecentFiles(Path dir) {
        this.store = dir.resolve("recent-files");
        try {
            for (String line : Files.readAllLines(store)) {
                if (!line.isBlank() && files.size() < MAX) {
                    files.add(Path.of(line.strip()));
                }
            }
        } catch (IOException | java.nio.file.InvalidPathException e) {
            // none yet
        }
    }

    /** Newest first; observable for the File menu and the start page. */
    public ObservableList<Path> files() {
        return files;
    }

    /** Moves a file to the top of the list and saves the list. */
    public void add(Path file) {
        Path p = file.toAbsolutePath().normalize();
        List<Path> next = new ArrayList<>(files);
        next.remove(p);
        next.addFirst(p);
        files.setAll(next.size() > MAX ? next.subList(0, MAX) : next);
        save();
    }

    public void clear() {
        files.clear();
        save();
    }

    private void save() {
        try {
            Files.createDirectories(store.getParent());
            Files.write(store, files.stream().map(Path::toString).toList());
        } catch (IOException e) {
            // the list stays in memory for this session
        }
    }
}
