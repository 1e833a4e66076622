package org.sigflow.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SequencedSet;
import java.util.Set;
import java.util.function.Function;

/**
 * Cycles in a directed graph given as its nodes and a successor function: strongly connected components and the
 * shortest cycle through a node. Used for variables that depend on each other and for blocks wired in a loop.
 * Nothing recurses, so a chain of any length fits in the stack; results depend only on the order of the nodes
 * and of each node's successors.
 */
public final class Digraphs {
    private Digraphs() {}

    /**
     * Tarjan's strongly connected components, every node in exactly one (most of them alone).
     *
     * <p>Components come out in the order Tarjan completes them, starting from the nodes in {@code nodesInOrder}
     * order and following successors in the order given: a component comes after every component it has an edge
     * into (dependencies first). Each component lists its nodes in {@code nodesInOrder} order.
     *
     * @param successors called at most once per node; must give only nodes of {@code nodesInOrder}
     * @throws IllegalArgumentException if a node is listed twice or a successor is not among the nodes
     */
    public static List<SequencedSet<String>> stronglyConnected(List<String> nodesInOrder,
            Function<String, ? extends Collection<String>> successors) {
        return new Tarjan(nodesInOrder, successors).run();
    }

    /** Whether the component holds a cycle: it has more than one node, or its one node has an edge to itself. */
    public static boolean isCyclic(Set<String> component, Function<String, ? extends Collection<String>> successors) {
        if (component.size() != 1) {
            return component.size() > 1;
        }
        String only = component.iterator().next();
        return successors.apply(only).contains(only);
    }

    /**
     * The nodes of a shortest way from {@code start} back to itself that stays inside {@code component}, start first
     * and not repeated at the end ({@code [start]} for an edge to itself). Breadth-first; among cycles of the same
     * length, the one through successors listed earlier wins.
     *
     * @throws IllegalArgumentException if {@code start} is not in the component or no such cycle exists
     */
    public static List<String> shortestCycle(String start, Set<String> component,
            Function<String, ? extends Collection<String>> successors) {
        if (!component.contains(start)) {
            throw new IllegalArgumentException("'" + start + "' is not in the component");
        }
        Map<String, String> cameFrom = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(start));
        while (!queue.isEmpty()) {
            String at = queue.poll();
            for (String to : successors.apply(at)) {
                if (to.equals(start)) {
                    List<String> cycle = new ArrayList<>();
                    for (String back = at; !back.equals(start); back = cameFrom.get(back)) {
                        cycle.addFirst(back);
                    }
                    cycle.addFirst(start);
                    return cycle;
                }
                if (component.contains(to) && !cameFrom.containsKey(to)) {
                    cameFrom.put(to, at);
                    queue.add(to);
                }
            }
        }
        throw new IllegalArgumentException("no cycle through '" + start + "' within its component");
    }

    /** One run of Tarjan's algorithm, with explicit stacks in place of recursion. Nodes are their positions. */
    private static final class Tarjan {
        private final List<String> nodes;
        private final Function<String, ? extends Collection<String>> successors;
        private final Map<String, Integer> position = new HashMap<>();
        private final int[] index;
        private final int[] low;
        private final boolean[] onStack;
        private final Deque<Integer> stack = new ArrayDeque<>();
        private final Deque<Integer> calls = new ArrayDeque<>();
        private final Deque<Iterator<String>> pending = new ArrayDeque<>();
        private final List<SequencedSet<String>> components = new ArrayList<>();
        private int counter;

        Tarjan(List<String> nodes, Function<String, ? extends Collection<String>> successors) {
            this.nodes = nodes;
            this.successors = successors;
            for (int i = 0; i < nodes.size(); i++) {
                if (position.putIfAbsent(nodes.get(i), i) != null) {
                    throw new IllegalArgumentException("node '" + nodes.get(i) + "' is listed twice");
                }
            }
            index = new int[nodes.size()];
            low = new int[nodes.size()];
            onStack = new boolean[nodes.size()];
            Arrays.fill(index, -1);
        }

        List<SequencedSet<String>> run() {
            for (int root = 0; root < nodes.size(); root++) {
                if (index[root] < 0) {
                    search(root);
                }
            }
            return components;
        }

        private void search(int root) {
            enter(root);
            while (!calls.isEmpty()) {
                int v = calls.peek();
                Iterator<String> next = pending.peek();
                if (next.hasNext()) {
                    int w = positionOf(next.next());
                    if (index[w] < 0) {
                        enter(w);
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                calls.pop();
                pending.pop();
                if (!calls.isEmpty()) {
                    int parent = calls.peek();
                    low[parent] = Math.min(low[parent], low[v]);
                }
                if (low[v] == index[v]) {
                    takeComponent(v);
                }
            }
        }

        private void enter(int v) {
            index[v] = counter;
            low[v] = counter++;
            stack.push(v);
            onStack[v] = true;
            calls.push(v);
            pending.push(successors.apply(nodes.get(v)).iterator());
        }

        /** Pops the component whose root is {@code v} off the stack, its nodes in input order. */
        private void takeComponent(int v) {
            List<Integer> members = new ArrayList<>();
            int w;
            do {
                w = stack.pop();
                onStack[w] = false;
                members.add(w);
            } while (w != v);
            Collections.sort(members);
            SequencedSet<String> component = new LinkedHashSet<>();
            members.forEach(m -> component.add(nodes.get(m)));
            components.add(Collections.unmodifiableSequencedSet(component));
        }

        private int positionOf(String node) {
            Integer p = position.get(node);
            if (p == null) {
                throw new IllegalArgumentException("successor '" + node + "' is not among the nodes");
            }
            return p;
        }
    }
}
