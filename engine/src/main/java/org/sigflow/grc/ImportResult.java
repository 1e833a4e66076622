package org.sigflow.grc;

import org.sigflow.graph.Graph;

/** An imported flowgraph and the report of what was and was not imported. */
public record ImportResult(Graph graph, ImportReport report) {}
