package org.sigflow.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.sigflow.graph.Connection;

/**
 * An edge between resolved ports while validating. {@code path} is the connection(s) of the file it stands for:
 * one, or several joined through bypassed blocks.
 */
record Wire(ResolvedBlock from, int fromPort, ResolvedBlock to, int toPort, List<Connection> path) {

    Wire {
        path = List.copyOf(path);
    }

    ResolvedPort output() {
        return from.outputs().get(fromPort);
    }

    ResolvedPort input() {
        return to.inputs().get(toPort);
    }

    /** {@code src:out} */
    String fromName() {
        return from.id() + ":" + output().name();
    }

    /** {@code sink:in} */
    String toName() {
        return to.id() + ":" + input().name();
    }

    /** Joins {@code this} (into a bypassed block) with {@code next} (out of it). */
    Wire joinedWith(Wire next) {
        List<Connection> p = new ArrayList<>(path);
        p.addAll(next.path);
        return new Wire(from, fromPort, next.to, next.toPort, p);
    }

    /** How problems name this edge: {@code connection src:out → sink:in}, noting bypassed blocks in between. */
    String where() {
        String base = "connection " + fromName() + " → " + toName();
        if (path.size() == 1) {
            return base;
        }
        return base + " (through bypassed " + path.subList(1, path.size()).stream()
                .map(c -> "'" + c.fromBlock() + "'").collect(Collectors.joining(", ")) + ")";
    }

    ResolvedEdge toEdge() {
        return new ResolvedEdge(from.id(), fromPort, to.id(), toPort);
    }
}
