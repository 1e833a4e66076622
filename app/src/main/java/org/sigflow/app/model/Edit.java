package org.sigflow.app.model;

import org.sigflow.graph.Graph;

/**
 * One user action on the graph, as the undo history keeps it: its name (shown in the Edit menu) and the graph
 * before and after. Graphs are immutable, so an edit is undone by going back to {@code before}.
 */
public record Edit(String name, Graph before, Graph after) {
}
