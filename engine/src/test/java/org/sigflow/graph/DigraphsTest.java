package org.sigflow.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DigraphsTest {

    private static Map<String, List<String>> edges(String... pairs) {
        Map<String, List<String>> m = new HashMap<>();
        for (String p : pairs) {
            String[] ab = p.split(">");
            m.computeIfAbsent(ab[0], k -> new ArrayList<>()).add(ab[1]);
        }
        return m;
    }

    @Test
    void anAcyclicGraphHasNoCycles() {
        Map<String, List<String>> e = edges("a>b", "b>c", "a>c");
        assertEquals(List.of(), Digraphs.cycles(List.of("a", "b", "c"), n -> e.getOrDefault(n, List.of())));
    }

    @Test
    void selfLoopsAndSeparateRingsAreEachOneComponentInNodeOrder() {
        Map<String, List<String>> e = edges("x>x", "a>b", "b>a", "c>d", "d>e", "e>c", "tail>a");
        List<Set<String>> c = Digraphs.cycles(List.of("tail", "c", "d", "e", "a", "b", "x"),
                n -> e.getOrDefault(n, List.of()));
        assertEquals(List.of(Set.of("c", "d", "e"), Set.of("a", "b"), Set.of("x")), c);
    }

    @Test
    void theShortestCycleIsChosenStartFirst() {
        Map<String, List<String>> e = edges("a>b", "b>c", "c>d", "d>a", "b>a");
        assertEquals(List.of("a", "b"), Digraphs.shortestCycle("a", Set.of("a", "b", "c", "d"),
                n -> e.getOrDefault(n, List.of())));
        assertEquals(List.of("c", "d", "a", "b"), Digraphs.shortestCycle("c", Set.of("a", "b", "c", "d"),
                n -> e.getOrDefault(n, List.of())));
    }

    @Test
    void longChainsAndRingsDoNotOverflowTheStack() {
        int n = 100_000;
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            nodes.add("v" + i);
        }
        List<Set<String>> c = Digraphs.cycles(nodes, v -> {
            int i = Integer.parseInt(v.substring(1));
            return List.of("v" + ((i + 1) % n)); // one ring through all of them
        });
        assertEquals(1, c.size());
        assertEquals(n, c.get(0).size());
        assertTrue(Digraphs.cycles(nodes, v -> {
            int i = Integer.parseInt(v.substring(1));
            return i + 1 < n ? List.of("v" + (i + 1)) : List.of(); // a chain: no cycle
        }).isEmpty());
    }
}
