package org.sigflow.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Cycle finding over named nodes, shared by everything that must refuse loops: variables that depend on each other
 * and blocks wired in a ring. Iterative throughout, so chains of any length cannot overflow the stack.
 */
public final class Digraphs {
    private Digraphs() {}

    /**
     * The strongly connected components that hold a cycle (more than one node, or a node feeding itself), ordered by
     * the position of their first node in {@code nodes}. Successors outside {@code nodes} are ignored.
     */
    public static List<Set<String>> cycles(List<String> nodes, Function<String, List<String>> successors) {
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            position.put(nodes.get(i), i);
        }
        List<Set<String>> out = new ArrayList<>();
        for (Set<String> c : components(nodes, n -> successors.apply(n).stream().filter(position::containsKey).toList())) {
            String only = c.iterator().next();
            if (c.size() > 1 || successors.apply(only).contains(only)) {
                out.add(c);
            }
        }
        out.sort(Comparator.comparingInt(c -> c.stream().mapToInt(position::get).min().orElse(0)));
        return out;
    }

    /**
     * A shortest cycle from {@code start} back to it, staying within {@code within}: the nodes along it, start first
     * and not repeated at the end.
     */
    public static List<String> shortestCycle(String start, Set<String> within, Function<String, List<String>> successors) {
        Map<String, String> cameFrom = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(start));
        String last = start;
        search:
        while (!queue.isEmpty()) {
            String at = queue.poll();
            for (String to : successors.apply(at)) {
                if (to.equals(start)) {
                    last = at;
                    break search;
                }
                if (within.contains(to) && !cameFrom.containsKey(to)) {
                    cameFrom.put(to, at);
                    queue.add(to);
                }
            }
        }
        List<String> path = new ArrayList<>();
        for (String at = last; !at.equals(start); at = cameFrom.get(at)) {
            path.addFirst(at);
        }
        path.addFirst(start);
        return path;
    }

    /** Tarjan's strongly connected components, with an explicit call stack. */
    private static List<Set<String>> components(List<String> nodes, Function<String, List<String>> successors) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new HashSet<>();
        List<Set<String>> out = new ArrayList<>();
        int counter = 0;
        for (String root : nodes) {
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
                List<String> next = successors.apply(v);
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
