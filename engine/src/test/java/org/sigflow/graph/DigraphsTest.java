package org.sigflow.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedSet;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class DigraphsTest {

    /** A graph from "from", "to", "from", "to", …; nodes in order of first mention, or as listed by {@code node}. */
    private static final class G {
        final Map<String, List<String>> edges = new LinkedHashMap<>();

        G node(String... names) {
            for (String n : names) {
                edges.computeIfAbsent(n, k -> new ArrayList<>());
            }
            return this;
        }

        G edges(String... pairs) {
            for (int i = 0; i < pairs.length; i += 2) {
                node(pairs[i], pairs[i + 1]);
                edges.get(pairs[i]).add(pairs[i + 1]);
            }
            return this;
        }

        List<String> nodes() {
            return List.copyOf(edges.keySet());
        }

        Function<String, Collection<String>> successors() {
            return edges::get;
        }

        List<List<String>> components() {
            return Digraphs.stronglyConnected(nodes(), successors()).stream().map(c -> List.copyOf(c)).toList();
        }

        List<List<String>> cycles() {
            return Digraphs.stronglyConnected(nodes(), successors()).stream()
                    .filter(c -> Digraphs.isCyclic(c, successors())).map(c -> List.copyOf(c)).toList();
        }

        List<String> shortestCycle(String start) {
            SequencedSet<String> component = Digraphs.stronglyConnected(nodes(), successors()).stream()
                    .filter(c -> c.contains(start)).findFirst().orElseThrow();
            return Digraphs.shortestCycle(start, component, successors());
        }
    }

    @Test
    void dagHasOnlyTrivialComponentsDependenciesFirst() {
        G g = new G().edges("a", "b", "a", "c", "b", "d", "c", "d");
        assertEquals(List.of(List.of("d"), List.of("b"), List.of("c"), List.of("a")), g.components());
        assertEquals(List.of(), g.cycles());
    }

    @Test
    void selfLoopIsACycleOfOne() {
        G g = new G().edges("a", "b", "b", "b");
        assertEquals(List.of(List.of("b")), g.cycles());
        assertEquals(List.of("b"), g.shortestCycle("b"));
        assertFalse(Digraphs.isCyclic(Set.of("a"), g.successors()));
        assertTrue(Digraphs.isCyclic(Set.of("b"), g.successors()));
        assertFalse(Digraphs.isCyclic(Set.of(), g.successors()));
    }

    @Test
    void separateCyclesAreSeparateComponentsMembersInInputOrder() {
        G g = new G().node("x", "q", "p", "y", "r").edges("p", "q", "q", "r", "r", "p", "x", "y", "y", "x", "y", "p");
        assertEquals(List.of(List.of("q", "p", "r"), List.of("x", "y")), g.cycles(),
                "the cycle x, y reaches p, q, r, so it comes after it; members keep the order of the node list");
        assertEquals(List.of("x", "y"), g.shortestCycle("x"));
        assertEquals(List.of("q", "r", "p"), g.shortestCycle("q"));
    }

    @Test
    void cycleAtTheEndOfALongTail() {
        G g = new G();
        for (int i = 0; i < 1000; i++) {
            g.edges("t" + i, "t" + (i + 1));
        }
        g.edges("t1000", "c0", "c0", "c1", "c1", "c2", "c2", "c0");
        assertEquals(List.of(List.of("c0", "c1", "c2")), g.cycles());
        assertEquals(1002, g.components().size(), "1001 tail nodes alone, and the cycle");
        assertEquals(List.of("c1", "c2", "c0"), g.shortestCycle("c1"));
    }

    @Test
    void orderIsDeterministicAndFollowsTheInput() {
        G g = new G().edges("a", "b", "b", "a", "c", "d", "d", "c", "e", "e");
        List<List<String>> first = g.components();
        assertEquals(List.of(List.of("a", "b"), List.of("c", "d"), List.of("e")), first);
        for (int i = 0; i < 20; i++) {
            assertEquals(first, g.components());
        }
        G reversed = new G().node("e", "d", "c", "b", "a").edges("a", "b", "b", "a", "c", "d", "d", "c", "e", "e");
        assertEquals(List.of(List.of("e"), List.of("d", "c"), List.of("b", "a")), reversed.components());
    }

    @Test
    void shortestCycleIsChosenAndTiesGoToTheEarlierSuccessor() {
        // a -> b -> c -> d -> a is the long way round; a -> e -> a and a -> f -> a are the shortest.
        G g = new G().edges("a", "b", "b", "c", "c", "d", "d", "a", "a", "e", "e", "a", "a", "f", "f", "a");
        assertEquals(List.of("a", "e"), g.shortestCycle("a"));
        assertEquals(List.of("b", "c", "d", "a"), g.shortestCycle("b"));
    }

    @Test
    void shortestCycleStaysInsideTheComponent() {
        // a -> x -> a would be shorter, but x is left out of the component given.
        G g = new G().edges("a", "x", "x", "a", "a", "b", "b", "c", "c", "a");
        assertEquals(List.of("a", "b", "c"), Digraphs.shortestCycle("a", Set.of("a", "b", "c"), g.successors()));
        assertThrows(IllegalArgumentException.class, () -> Digraphs.shortestCycle("a", Set.of("a"), g.successors()));
        assertThrows(IllegalArgumentException.class, () -> Digraphs.shortestCycle("q", Set.of("a"), g.successors()));
    }

    @Test
    void longChainsAndRingsDoNotOverflowTheStack() {
        int n = 100_000;
        Map<String, List<String>> edges = new HashMap<>();
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            nodes.add("n" + i);
            edges.put("n" + i, i + 1 < n ? List.of("n" + (i + 1)) : List.of());
        }
        List<SequencedSet<String>> chain = Digraphs.stronglyConnected(nodes, edges::get);
        assertEquals(n, chain.size());
        assertEquals(List.of("n" + (n - 1)), List.copyOf(chain.getFirst()), "the end of the chain comes first");

        edges.put("n" + (n - 1), List.of("n0"));
        List<SequencedSet<String>> ring = Digraphs.stronglyConnected(nodes, edges::get);
        assertEquals(1, ring.size());
        assertEquals(nodes, List.copyOf(ring.getFirst()));
        assertEquals(nodes, Digraphs.shortestCycle("n0", ring.getFirst(), edges::get));
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> Digraphs.stronglyConnected(List.of("a", "a"), n -> List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> Digraphs.stronglyConnected(List.of("a"), n -> List.of("elsewhere")));
    }

    @Test
    void successorsAreAskedOncePerNode() {
        Map<String, Integer> calls = new HashMap<>();
        G g = new G().edges("a", "b", "b", "c", "c", "a", "a", "c", "c", "b");
        Digraphs.stronglyConnected(g.nodes(), n -> {
            calls.merge(n, 1, Integer::sum);
            return g.edges.get(n);
        });
        assertEquals(Map.of("a", 1, "b", 1, "c", 1), calls);
    }
}
