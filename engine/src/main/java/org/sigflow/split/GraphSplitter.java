package org.sigflow.split;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.sigflow.catalog.Domain;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.validate.ResolvedBlock;
import org.sigflow.validate.ResolvedGraph;
import org.sigflow.validate.ResolvedPort;

/**
 * Splits a graph whose blocks name a {@code host} into one graph per part, joined by ZMQ links: every connection
 * between two parts becomes a {@code zmq_push_sink} in the sending part (connecting to the receiving host's address)
 * and a {@code zmq_pull_source} in the receiving part (binding it), with tags passed and SigFlow's end marker, so
 * each part ends when its upstream part has ended. Outputs feeding several blocks of one other part share one link.
 * Blocks without a host form the part {@value #LOCAL}.
 * The sender connects because a connecting ZeroMQ socket keeps its queue across a reconnect, while a binding PUSH
 * drops what it queued for a connection whose handshake stalled (JeroMQ 0.6.0 stalls about 1 in 50 handshakes).
 */
public final class GraphSplitter {
    public static final String LOCAL = "local";

    /**
     * How links are addressed.
     *
     * @param basePort  TCP port of the first link; link i uses {@code basePort + i}
     * @param addresses part name → address its incoming links bind (default: the part name itself; 127.0.0.1 for local)
     */
    public record Links(int basePort, Map<String, String> addresses) {
        public static final Links DEFAULT = new Links(5600, Map.of());

        public Links {
            addresses = Map.copyOf(addresses);
        }

        String address(String part) {
            return addresses.getOrDefault(part, part.equals(LOCAL) ? "127.0.0.1" : part);
        }
    }

    private GraphSplitter() {}

    /** The parts a graph names, local first if it has blocks there, then the others in name order. */
    public static List<String> parts(Graph graph) {
        TreeSet<String> named = new TreeSet<>();
        boolean local = false;
        for (BlockInstance b : graph.blocks()) {
            if (b.host() == null) {
                local = true;
            } else {
                named.add(b.host());
            }
        }
        List<String> parts = new ArrayList<>();
        if (local) {
            parts.add(LOCAL);
        }
        parts.addAll(named);
        return parts;
    }

    static String partOf(BlockInstance b) {
        return b.host() == null ? LOCAL : b.host();
    }

    /**
     * Splits a validated graph. The parts keep every variable and the metadata; views stay with the part that holds
     * their block.
     *
     * @throws IllegalArgumentException for a link that cannot be made (a GPU-memory port between parts)
     */
    public static Map<String, Graph> split(ResolvedGraph resolved, Links links) {
        Graph graph = resolved.source();
        Map<String, BlockInstance> byId = new LinkedHashMap<>();
        graph.blocks().forEach(b -> byId.put(b.id(), b));
        Map<String, List<BlockInstance>> blocks = new LinkedHashMap<>();
        Map<String, List<Connection>> connections = new LinkedHashMap<>();
        for (String part : parts(graph)) {
            blocks.put(part, new ArrayList<>());
            connections.put(part, new ArrayList<>());
        }
        for (BlockInstance b : graph.blocks()) {
            blocks.get(partOf(b)).add(b.withHost(null));
        }
        Map<String, String> linkSources = new LinkedHashMap<>(); // "from:port->part" → id of the pull source
        int next = 0;
        for (Connection c : graph.connections()) {
            BlockInstance from = byId.get(c.fromBlock());
            BlockInstance to = byId.get(c.toBlock());
            String fromPart = partOf(from);
            String toPart = partOf(to);
            if (fromPart.equals(toPart)) {
                connections.get(fromPart).add(c);
                continue;
            }
            String key = c.fromBlock() + ":" + c.fromPort() + "->" + toPart;
            String rx = linkSources.get(key);
            if (rx == null) {
                ResolvedPort port = outputPort(resolved, c);
                if (port.domain() == Domain.CUDA) {
                    throw new IllegalArgumentException("connection " + c + " joins two parts on GPU memory: put a "
                            + "Memory GPGPU→CPU node before the part boundary");
                }
                int n = next++;
                String address = "tcp://" + links.address(toPart) + ":" + (links.basePort() + n);
                String tx = "link" + n + "_to_" + idPart(toPart);
                rx = "link" + n + "_from_" + idPart(fromPart);
                blocks.get(fromPart).add(linkBlock(tx, "zmq_push_sink", port, address, true, from));
                connections.get(fromPart).add(new Connection(c.fromBlock(), c.fromPort(), tx, "in"));
                blocks.get(toPart).add(linkBlock(rx, "zmq_pull_source", port, address, false, to));
                linkSources.put(key, rx);
            }
            connections.get(toPart).add(new Connection(rx, "out", c.toBlock(), c.toPort()));
        }
        Map<String, Graph> parts = new LinkedHashMap<>();
        for (String part : blocks.keySet()) {
            List<String> ids = blocks.get(part).stream().map(BlockInstance::id).toList();
            parts.put(part, new Graph(graph.metadata(), graph.variables(), blocks.get(part), connections.get(part),
                    graph.views().stream().filter(v -> v.block() == null ? part.equals(LOCAL) : ids.contains(v.block()))
                            .toList()));
        }
        return parts;
    }

    private static ResolvedPort outputPort(ResolvedGraph resolved, Connection c) {
        ResolvedBlock b = resolved.block(c.fromBlock()).orElseThrow(() -> new IllegalArgumentException(
                "block '" + c.fromBlock() + "' is not part of the validated graph (disabled?)"));
        if (b.def().hasMessageOutput(c.fromPort())) {
            throw new IllegalArgumentException("connection " + c + " is a message connection between two parts; "
                    + "message edges cannot cross hosts yet: put both blocks on the same host");
        }
        return b.outputs().get(b.outputIndex(c.fromPort()));
    }

    private static String idPart(String part) {
        return part.replaceAll("[^A-Za-z0-9_]", "_");
    }

    private static BlockInstance linkBlock(String id, String type, ResolvedPort port, String address, boolean sink,
                                           BlockInstance near) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("type", port.dtype().id());
        p.put("vlen", String.valueOf(port.vlen()));
        p.put("address", "'" + address + "'");
        p.put("pass_tags", "true");
        p.put("bind", sink ? "false" : "true");
        if (sink) {
            p.put("end_marker", "true");
        }
        return new BlockInstance(id, type, p, BlockState.ENABLED, near.x() + (sink ? 160 : -160), near.y(), 0,
                "ZMQ link made by sigflow split", null);
    }
}
