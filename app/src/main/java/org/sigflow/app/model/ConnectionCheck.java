package org.sigflow.app.model;

import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.sigflow.catalog.Catalog;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.validate.GraphValidator;
import org.sigflow.validate.Problem;

/**
 * Decides whether a new connection may be drawn, with the engine's own rules: the graph is validated with the
 * connection added, and any new problem about that connection or the ports it joins is the refusal's reason (a
 * dtype or vector-length mismatch, a CPU port wired to a GPU port without a memory node, an input fed twice).
 */
public final class ConnectionCheck {
    private ConnectionCheck() {}

    /** Empty when the connection is fine; otherwise the reason, in the validator's words. */
    public static Optional<String> refusal(Graph g, Catalog catalog, Connection c) {
        if (c.fromBlock().equals(c.toBlock())) {
            return Optional.of("a block cannot feed itself");
        }
        if (g.connections().contains(c)) {
            return Optional.of("these ports are already connected");
        }
        Set<String> before = new HashSet<>();
        GraphValidator.validate(g, catalog, Map.of()).problems().forEach(p -> before.add(p.toString()));
        String edge = "connection " + c;
        String input = "block '" + c.toBlock() + "' input '" + c.toPort() + "'";
        for (Problem p : GraphValidator.validate(g.withConnection(c), catalog, Map.of()).errors()) {
            boolean aboutIt = p.where().equals(edge) || p.where().equals(input)
                    || p.message().contains(c.toString()) || p.where().startsWith("blocks "); // a new cycle
            if (aboutIt && !before.contains(p.toString())) {
                return Optional.of(p.message());
            }
        }
        return Optional.empty();
    }
}
