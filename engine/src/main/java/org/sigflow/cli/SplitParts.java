package org.sigflow.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Graph;
import org.sigflow.session.Engine;
import org.sigflow.session.InvalidGraphException;
import org.sigflow.session.OpenedGraph;
import org.sigflow.split.GraphSplitter;

/** The options {@code run --part} and {@code split} share: which part, the links' first port, the parts' addresses. */
final class SplitParts {
    static final Set<String> OPTIONS = Set.of("--part", "--base-port", "--hosts");

    private SplitParts() {}

    static GraphSplitter.Links links(Args a) throws UsageException {
        long port = a.positiveLong("--base-port", GraphSplitter.Links.DEFAULT.basePort());
        if (port > 65_000) {
            throw new UsageException("--base-port must leave room for the links below 65536, got " + port);
        }
        Map<String, String> addresses = new LinkedHashMap<>();
        String hosts = a.options.get("--hosts");
        if (hosts != null) {
            for (String pair : hosts.split(",")) {
                int eq = pair.indexOf('=');
                String part = eq > 0 ? pair.substring(0, eq).trim() : "";
                String address = eq > 0 ? pair.substring(eq + 1).trim() : "";
                if (part.isEmpty() || !BlockInstance.isValidHost(address)) {
                    throw new UsageException("--hosts needs part=address pairs separated by commas, got '" + pair + "'");
                }
                addresses.put(part, address);
            }
        }
        return new GraphSplitter.Links((int) port, addresses);
    }

    /** Splits the graph in {@code file} and validates all its parts; returns them by part name. */
    static Map<String, OpenedGraph> openParts(Engine engine, Path file, Args a) throws Exception {
        OpenedGraph whole = engine.open(file, a.sets);
        Map<String, Graph> parts;
        try {
            parts = GraphSplitter.split(whole.resolved(), links(a));
        } catch (IllegalArgumentException e) {
            throw new InvalidGraphException(file.toString(), java.util.List.of(e.getMessage()));
        }
        Map<String, OpenedGraph> opened = new LinkedHashMap<>();
        for (var e : parts.entrySet()) {
            opened.put(e.getKey(), engine.open(e.getValue(), file, a.sets));
        }
        return opened;
    }

    /** The part {@code --part} names, validated. */
    static OpenedGraph openPart(Engine engine, Path file, Args a) throws Exception {
        String part = a.options.get("--part");
        Map<String, OpenedGraph> parts = openParts(engine, file, a);
        OpenedGraph g = parts.get(part);
        if (g == null) {
            throw new UsageException("the graph has no part '" + part + "'; its parts are " + String.join(", ",
                    parts.keySet()) + " (blocks without a host are in '" + GraphSplitter.LOCAL + "')");
        }
        return g;
    }
}
