package org.sigflow.validate;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.stream.Collectors;

/** Cycle detection (Tarjan's strongly connected components) and a stable topological order of blocks. */
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
        for (Set<String> component : components()) {
            String start = ids.stream().filter(component::contains).findFirst().orElseThrow();
            boolean selfLoop = successors.get(start).contains(start);
            if (component.size() == 1 && !selfLoop) {
                continue;
            }
            List<String> loop = shortestLoop(start, component);
            String members = ids.stream().filter(component::contains).map(id -> "'" + id + "'")
                    .collect(Collectors.joining(", "));
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

    private List<String> shortestLoop(String start, Set<String> component) {
        Map<String, String> cameFrom = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(start));
        String last = start;
        search:
        while (!queue.isEmpty()) {
            String at = queue.poll();
            for (String to : successors.get(at)) {
                if (to.equals(start)) {
                    last = at;
                    break search;
                }
                if (component.contains(to) && !cameFrom.containsKey(to)) {
                    cameFrom.put(to, at);
                    queue.add(to);
                }
            }
        }
        List<String> loop = new ArrayList<>();
        for (String at = last; !at.equals(start); at = cameFrom.get(at)) {
            loop.addFirst(at);
        }
        loop.addFirst(start);
        loop.add(start);
        return loop;
    }

    /** Tarjan's algorithm, iterative so that long chains of blocks cannot overflow the stack. */
    private List<Set<String>> components() {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new HashSet<>();
        List<Set<String>> out = new ArrayList<>();
        int counter = 0;
        for (String root : ids) {
            if (index.containsKey(root)) {
                continue;
            }
            Deque<String> calls = new ArrayDeque<>();
            Deque<Integer> nextChild = new ArrayDeque<>();
            calls.push(root);
            nextChild.push(0);
            index.put(root, counter);
            low.put(root, counter++);
            stack.push(root);
            onStack.add(root);
            while (!calls.isEmpty()) {
                String v = calls.peek();
                int child = nextChild.pop();
                List<String> next = successors.get(v);
                if (child < next.size()) {
                    nextChild.push(child + 1);
                    String w = next.get(child);
                    if (!index.containsKey(w)) {
                        index.put(w, counter);
                        low.put(w, counter++);
                        stack.push(w);
                        onStack.add(w);
                        calls.push(w);
                        nextChild.push(0);
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                    continue;
                }
                calls.pop();
                if (!calls.isEmpty()) {
                    String parent = calls.peek();
                    low.put(parent, Math.min(low.get(parent), low.get(v)));
                }
                if (low.get(v).equals(index.get(v))) {
                    Set<String> component = new HashSet<>();
                    String w;
                    do {
                        w = stack.pop();
                        onStack.remove(w);
                        component.add(w);
                    } while (!w.equals(v));
                    out.add(component);
                }
            }
        }
        return out;
    }
}
