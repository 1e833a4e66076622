package org.sigflow.blocks.memory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The machine's CPUs in two halves of whole physical cores (hyper-thread siblings stay together, from Linux's
 * {@code /sys/devices/system/cpu/cpuN/topology/thread_siblings_list}), and pinning the calling thread to one half
 * ({@code sched_setaffinity} through FFM): the packing and the unpacking team on disjoint cores
 * ({@code -Dsigflow.packingThreads.pin=true}; {@link org.sigflow.runtime.ThreadAffinity}). Where either is not
 * available nothing is pinned.
 */
final class CoreHalves {
    private CoreHalves() {}

    /** Each CPU's sibling group (CPUs without a readable topology are a group of their own), in CPU order. */
    static Map<Integer, String> siblings(int cpus) {
        Map<Integer, String> groups = new LinkedHashMap<>();
        for (int c = 0; c < cpus; c++) {
            try {
                groups.put(c, Files.readString(Path.of("/sys/devices/system/cpu/cpu" + c + "/topology/thread_siblings_list"))
                        .trim());
            } catch (java.io.IOException | RuntimeException e) {
                groups.put(c, "cpu" + c);
            }
        }
        return groups;
    }

    /** Two disjoint CPU lists of whole sibling groups, the groups dealt out in order (the first half the larger). */
    static List<List<Integer>> halves(Map<Integer, String> siblings) {
        Map<String, List<Integer>> byGroup = new LinkedHashMap<>();
        siblings.forEach((cpu, g) -> byGroup.computeIfAbsent(g, k -> new ArrayList<>()).add(cpu));
        List<List<Integer>> groups = new ArrayList<>(byGroup.values());
        List<List<Integer>> halves = List.of(new ArrayList<>(), new ArrayList<>());
        int firstGroups = (groups.size() + 1) / 2;
        for (int i = 0; i < groups.size(); i++) {
            halves.get(i < firstGroups ? 0 : 1).addAll(groups.get(i));
        }
        return halves;
    }

    /** Pins the calling thread to {@code cpus}; false where that failed or is not available. */
    static boolean pin(List<Integer> cpus) {
        return org.sigflow.runtime.ThreadAffinity.pin(cpus);
    }
}
