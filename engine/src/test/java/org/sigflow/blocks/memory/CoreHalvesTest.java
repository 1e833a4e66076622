package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The two halves the packing teams are pinned to: whole physical cores, disjoint, every CPU in one. */
class CoreHalvesTest {
    @Test
    void siblingsStayTogetherAndTheHalvesAreDisjoint() {
        Map<Integer, String> interleaved = new LinkedHashMap<>(); // cpu N and N+4 share a core (Linux's usual order)
        for (int c = 0; c < 8; c++) {
            interleaved.put(c, (c % 4) + "," + (c % 4 + 4));
        }
        List<List<Integer>> h = CoreHalves.halves(interleaved);
        assertEquals(List.of(0, 4, 1, 5), h.get(0));
        assertEquals(List.of(2, 6, 3, 7), h.get(1));
        Map<Integer, String> single = new LinkedHashMap<>(); // no SMT, an odd count: the first half the larger
        for (int c = 0; c < 5; c++) {
            single.put(c, String.valueOf(c));
        }
        assertEquals(List.of(List.of(0, 1, 2), List.of(3, 4)), CoreHalves.halves(single));
    }

    @Test
    void thisMachinesHalvesCoverEveryCpuOnce() {
        int cpus = Runtime.getRuntime().availableProcessors();
        List<List<Integer>> h = CoreHalves.halves(CoreHalves.siblings(cpus));
        assertEquals(cpus, h.get(0).size() + h.get(1).size());
        assertTrue(h.get(0).stream().noneMatch(h.get(1)::contains), "disjoint");
    }

    @Test
    void pinningToEveryCpuWorksOnLinux() {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("os.name").startsWith("Linux"), "Linux only");
        List<Integer> all = java.util.stream.IntStream.range(0, Runtime.getRuntime().availableProcessors()).boxed().toList();
        assertTrue(CoreHalves.pin(all), "sched_setaffinity to every CPU (changes nothing) failed");
    }
}
