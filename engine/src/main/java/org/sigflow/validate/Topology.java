package org.sigflow.validate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SequencedSet;
import java.util.stream.Collectors;
import org.sigflow.graph.Digraphs;

/** Cycle reporting (via {@link Digraphs}) and a stable topological order of blocks. */
final class Topology {
    private final List<String> ids;
    private final Map<String, List<String>> successors = new LinkedHashMap<>();

    /** @param ids blocks in graph order (the tie-break of the topological order) */
    Topology(List<String> ids, List<Wire> wires) {
        this.ids = ids;
        ids.forEach(id -> successors.put(id, new ArrayList<>()));
        for (Wire w : wires) {
            List<String> next = successors.get(w.from().id());
            if (!next.contains(w.to().id())) {
                next.add(w.to().id());
            }
        }
    }

    /** One error per cycle, naming its blocks along the loop. */
    void reportCycles(List<Problem> problems) {
        for (SequencedSet<String> component : Digraphs.stronglyConnected(ids, successors::get)) {
            if (!Digraphs.isCyclic(component, successors::get)) {
                continue;
            }
            List<String> loop =
                    new ArrayList<>(Digraphs.shortestCycle(component.getFirst(), component, successors::get));
            loop.add(loop.getFirst());
            String members = component.stream().map(id -> "'" + id + "'").collect(Collectors.joining(", "));
            problems.add(Problem.error("blocks " + members, "these blocks form a cycle (" + String.join(" → ", loop)
                    + "); a stream cannot flow back into a block it came from"));
        }
    }

    /** Blocks ordered so every wire goes forward; ties keep graph order. Only valid when there is no cycle. */
    List<String> order() {
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            position.put(ids.get(i), i);
        }
        Map<String, Integer> indegree = new HashMap<>();
        ids.forEach(id -> indegree.put(id, 0));
        successors.values().forEach(next -> next.forEach(n -> indegree.merge(n, 1, Integer::sum)));
        PriorityQueue<String> ready = new PriorityQueue<>((a, b) -> position.get(a) - position.get(b));
        ids.stream().filter(id -> indegree.get(id) == 0).forEach(ready::add);
        List<String> out = new ArrayList<>();
        while (!ready.isEmpty()) {
            String id = ready.poll();
            out.add(id);
            for (String n : successors.get(id)) {
                if (indegree.merge(n, -1, Integer::sum) == 0) {
                    ready.add(n);
                }
            }
        }
        return out;
    }
}
