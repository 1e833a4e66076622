package org.sigflow.app.model;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/** Undo and redo stacks of {@link Edit}s; a new edit clears the redo stack. */
public final class EditHistory {
    private static final int LIMIT = 500;
    private final Deque<Edit> undo = new ArrayDeque<>();
    private final Deque<Edit> redo = new ArrayDeque<>();

    void record(Edit edit) {
        undo.push(edit);
        if (undo.size() > LIMIT) {
            undo.removeLast();
        }
        redo.clear();
    }

    Optional<Edit> popUndo() {
        Edit e = undo.poll();
        if (e != null) {
            redo.push(e);
        }
        return Optional.ofNullable(e);
    }

    Optional<Edit> popRedo() {
        Edit e = redo.poll();
        if (e != null) {
            undo.push(e);
        }
        return Optional.ofNullable(e);
    }

    public Optional<String> nextUndo() {
        return Optional.ofNullable(undo.peek()).map(Edit::name);
    }

    public Optional<String> nextRedo() {
        return Optional.ofNullable(redo.peek()).map(Edit::name);
    }

    void clear() {
        undo.clear();
        redo.clear();
    }
}
