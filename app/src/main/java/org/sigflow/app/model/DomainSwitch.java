package org.sigflow.app.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.GpuDeviceParam;
import org.sigflow.catalog.Domain;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.validate.GraphValidator;
import org.sigflow.validate.ResolvedBlock;
import org.sigflow.validate.ResolvedPort;

/**
 * Switches blocks between their CPU and CUDA twins (catalog {@code cpu_twin}) in one edit. Twins share params and
 * port names, so the block keeps its id, params and connections; the memory nodes the new domains need are then
 * inserted (a Memory CPU→GPGPU before a CUDA input fed from the CPU, a Memory GPGPU→CPU after a CUDA output read
 * on the CPU), and memory nodes the switch made pointless are taken out. Switching back restores the topology.
 */
public final class DomainSwitch {
    static final String H2D = "memory_h2d";
    static final String D2H = "memory_d2h";

    private DomainSwitch() {}

    /** The other twin of a block type: the CPU twin of a CUDA block, or the CUDA block whose twin it is. */
    public static Optional<BlockDef> twinOf(Catalog catalog, String type) {
        Optional<BlockDef> def = catalog.find(type);
        if (def.isEmpty()) {
            return Optional.empty();
        }
        String cpuTwin = def.get().cpuTwin();
        if (cpuTwin != null && !cpuTwin.isEmpty()) {
            return catalog.find(cpuTwin);
        }
        return catalog.all().stream().filter(d -> type.equals(d.cpuTwin())).findFirst();
    }

    /** Switches every listed block that has a twin; blocks without one are left alone. */
    public static UnaryOperator<Graph> toggle(Collection<String> blockIds, Catalog catalog) {
        return g -> {
            Set<String> switched = new HashSet<>();
            Graph out = g;
            for (String id : blockIds) {
                BlockInstance b = out.block(id).orElse(null);
                Optional<BlockDef> twin = b == null ? Optional.empty() : twinOf(catalog, b.type());
                if (twin.isPresent()) {
                    // a CPU twin has no GPU device: its device param would only draw an "unknown param" warning
                    out = out.withBlockEdited(id, x -> twin.get().param(GpuDeviceParam.ID).isPresent()
                            ? x.withType(twin.get().id()) : x.withType(twin.get().id()).withoutParam(GpuDeviceParam.ID));
                    switched.add(id);
                }
            }
            return switched.isEmpty() ? g : new Repair(out, catalog, switched).run();
        };
    }

    /** Whether {@code c} joins an output and an input that live in different memories (CPU and CUDA). */
    public static boolean crossesDomains(Graph g, Catalog catalog, Connection c) {
        return new Repair(g, catalog, Set.of(c.fromBlock())).crossesDomains(c);
    }

    /** Adds {@code c} with a host→device or device→host node in the middle (for a CPU↔CUDA wire drawn by hand). */
    public static UnaryOperator<Graph> connectThroughMemoryNode(Connection c, Catalog catalog) {
        return g -> {
            Repair r = new Repair(g.withConnection(c), catalog, Set.of());
            r.insertMemoryNode(c);
            return r.g;
        };
    }

    /** Fixes, one at a time, the edges of switched blocks whose two ends are now in different memory domains. */
    private static final class Repair {
        private final Catalog catalog;
        private final Set<String> switched;
        private final Map<String, Value> variables;
        private Graph g;

        Repair(Graph g, Catalog catalog, Set<String> switched) {
            this.g = g;
            this.catalog = catalog;
            this.switched = switched;
            this.variables = VariableResolver.resolve(g.variables(), Map.of()).values();
        }

        Graph run() {
            for (int guard = 4 * g.connections().size() + 4; guard > 0; guard--) {
                Optional<Connection> bad = g.connections().stream().filter(this::crossesDomains).findFirst();
                if (bad.isEmpty()) {
                    break;
                }
                fix(bad.get());
            }
            return g;
        }

        private boolean crossesDomains(Connection c) {
            if (!switched.contains(c.fromBlock()) && !switched.contains(c.toBlock())) {
                return false; // never "repair" what the user wired by hand elsewhere
            }
            Optional<ResolvedPort> from = port(c.fromBlock(), c.fromPort(), false);
            Optional<ResolvedPort> to = port(c.toBlock(), c.toPort(), true);
            return from.isPresent() && to.isPresent() && from.get().domain() != to.get().domain();
        }

        private void fix(Connection c) {
            String toType = type(c.toBlock());
            String fromType = type(c.fromBlock());
            if (isMemoryNode(toType) && !switched.contains(c.toBlock())) {
                bypassDownstream(c);
            } else if (isMemoryNode(fromType) && !switched.contains(c.fromBlock())) {
                bypassUpstream(c);
            } else {
                insertMemoryNode(c);
            }
        }

        /** {@code F → node → X…} where F changed domain: F feeds the node's consumers itself, the node goes. */
        private void bypassDownstream(Connection c) {
            String node = c.toBlock();
            List<Connection> rewired = new ArrayList<>();
            for (Connection out : g.connections()) {
                if (out.fromBlock().equals(node)) {
                    rewired.add(new Connection(c.fromBlock(), c.fromPort(), out.toBlock(), out.toPort()));
                }
            }
            g = g.withoutBlock(node);
            rewired.forEach(r -> g = g.withConnection(r));
        }

        /** {@code U → node → T} where T changed domain: U feeds T itself; the node goes once nothing reads it. */
        private void bypassUpstream(Connection c) {
            String node = c.fromBlock();
            Optional<Connection> in = g.connections().stream().filter(x -> x.toBlock().equals(node)).findFirst();
            g = g.withoutConnection(c);
            in.ifPresent(u -> g = g.withConnection(new Connection(u.fromBlock(), u.fromPort(), c.toBlock(), c.toPort())));
            if (g.connections().stream().noneMatch(x -> x.fromBlock().equals(node))) {
                g = g.withoutBlock(node);
            }
        }

        private void insertMemoryNode(Connection c) {
            ResolvedPort from = port(c.fromBlock(), c.fromPort(), false).orElseThrow();
            String type = from.domain() == Domain.CPU ? H2D : D2H;
            BlockDef def = catalog.find(type).orElseThrow();
            String id = GraphEdits.newId(g, type);
            BlockInstance a = g.block(c.fromBlock()).orElseThrow();
            BlockInstance b = g.block(c.toBlock()).orElseThrow();
            g = GraphEdits.addBlock(def, id, snap((a.x() + b.x()) / 2), snap(Math.max(a.y(), b.y()) + 130)).apply(g);
            g = g.withBlockEdited(id, m -> m.withParam("type", from.dtype().id()).withParam("vlen",
                    Integer.toString(from.vlen())));
            g = g.withoutConnection(c)
                    .withConnection(new Connection(c.fromBlock(), c.fromPort(), id, "in"))
                    .withConnection(new Connection(id, "out", c.toBlock(), c.toPort()));
        }

        private Optional<ResolvedPort> port(String blockId, String portName, boolean input) {
            Optional<ResolvedBlock> rb = g.block(blockId).flatMap(b -> GraphValidator.resolveBlock(b, catalog, variables));
            return rb.flatMap(r -> (input ? r.inputs() : r.outputs()).stream()
                    .filter(p -> p.name().equals(portName)).findFirst());
        }

        private String type(String blockId) {
            return g.block(blockId).map(BlockInstance::type).orElse("");
        }

        private static boolean isMemoryNode(String type) {
            return type.equals(H2D) || type.equals(D2H);
        }

        private static double snap(double v) {
            return Math.round(v / 10) * 10.0;
        }
    }
}
