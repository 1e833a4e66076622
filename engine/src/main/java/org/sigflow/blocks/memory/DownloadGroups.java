package org.sigflow.blocks.memory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;

/**
 * Finds, at graph start, the blocks whose every device output feeds its own {@code memory_d2h} of one kind (the
 * 64-channel channelizer and its 64 downloads) and makes those downloads one {@link DownloadGroup}: one thread queues
 * all of a page set's copies after one wait, instead of each download's own thread, events and driver calls per page.
 * {@code -Dsigflow.memory.groupDownloads=false} keeps every download on its own (the earlier path, to compare); without
 * CUDA the memory nodes copy on the CPU and nothing is grouped.
 */
public final class DownloadGroups {
    private DownloadGroups() {}

    /** True unless {@code -Dsigflow.memory.groupDownloads=false}. */
    static boolean enabled() {
        return Boolean.parseBoolean(System.getProperty("sigflow.memory.groupDownloads", "true"));
    }

    /**
     * A node as the planner sees it: how many outputs it has, whether they are device outputs (a CUDA block's), and,
     * for a download that may join a group, what must be equal for its group's downloads (null for any other node).
     */
    record Candidate(String id, int outputs, boolean deviceOutputs, Object downloadKind) {}

    /** Sets up the groups of a graph about to start (before its blocks start); returns each group's download ids. */
    public static List<List<String>> apply(List<FlowNode> nodes, List<FlowEdge> edges) {
        if (!enabled()) {
            return List.of();
        }
        Map<String, FlowNode> byId = new HashMap<>();
        List<Candidate> candidates = new ArrayList<>();
        for (FlowNode n : nodes) {
            byId.put(n.id(), n);
            Object kind = n.block() instanceof DeviceDownload d ? d.groupKind() : null;
            boolean device = !n.outputs().isEmpty() && n.block().outputOnDevice(0);
            candidates.add(new Candidate(n.id(), n.outputs().size(), device, kind));
        }
        List<List<String>> groups = plan(candidates, edges);
        for (List<String> ids : groups) {
            List<DeviceDownload> members = ids.stream().map(id -> (DeviceDownload) byId.get(id).block()).toList();
            DownloadGroup g = new DownloadGroup(members);
            for (int k = 0; k < members.size(); k++) {
                members.get(k).joinGroup(g, k);
            }
        }
        return groups;
    }

    /**
     * The groups: for each node with at least two device outputs where every output has exactly one edge, to a
     * download of the same kind that reads nothing else, those downloads in output order.
     */
    static List<List<String>> plan(List<Candidate> nodes, List<FlowEdge> edges) {
        Map<String, Candidate> byId = new HashMap<>();
        nodes.forEach(c -> byId.put(c.id(), c));
        Map<String, Integer> inEdges = new HashMap<>();
        Map<String, List<FlowEdge>> outEdges = new HashMap<>();
        for (FlowEdge e : edges) {
            inEdges.merge(e.to(), 1, Integer::sum);
            outEdges.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
        }
        List<List<String>> groups = new ArrayList<>();
        for (Candidate w : nodes) {
            if (!w.deviceOutputs() || w.outputs() < 2) {
                continue;
            }
            String[] byPort = new String[w.outputs()];
            boolean ok = true;
            for (FlowEdge e : outEdges.getOrDefault(w.id(), List.of())) {
                Candidate to = byId.get(e.to());
                ok &= e.fromPort() >= 0 && e.fromPort() < byPort.length && byPort[e.fromPort()] == null
                        && to != null && to.downloadKind() != null && inEdges.get(to.id()) == 1;
                if (!ok) {
                    break;
                }
                byPort[e.fromPort()] = to.id();
            }
            for (int k = 0; ok && k < byPort.length; k++) {
                ok = byPort[k] != null
                        && Objects.equals(byId.get(byPort[k]).downloadKind(), byId.get(byPort[0]).downloadKind());
            }
            if (ok) {
                groups.add(List.of(byPort));
            }
        }
        return groups;
    }
}
