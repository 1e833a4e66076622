package org.sigflow.validate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Every required port connected, every input fed by exactly one edge (fan-out from an output is fine). */
final class PortUsage {
    private PortUsage() {}

    /** @param excused ports wired to blocks that failed to resolve ({@code "in fir:in"}, {@code "out src:out"}) */
    static void check(Collection<ResolvedBlock> blocks, List<Wire> wires, Set<String> excused,
                      List<Problem> problems) {
        // wires by the block at each end (identity, as the wires hold them): linear in the graph's size
        Map<ResolvedBlock, List<Wire>> into = new IdentityHashMap<>();
        Map<ResolvedBlock, List<Wire>> outOf = new IdentityHashMap<>();
        for (Wire w : wires) {
            into.computeIfAbsent(w.to(), k -> new ArrayList<>()).add(w);
            outOf.computeIfAbsent(w.from(), k -> new ArrayList<>()).add(w);
        }
        for (ResolvedBlock b : blocks) {
            for (int i = 0; i < b.inputs().size(); i++) {
                ResolvedPort port = b.inputs().get(i);
                int index = i;
                List<Wire> feeding = into.getOrDefault(b, List.of()).stream().filter(w -> w.toPort() == index)
                        .toList();
                String where = "block '" + b.id() + "' input '" + port.name() + "'";
                boolean excusedHere = excused.contains("in " + b.id() + ":" + port.name());
                if (feeding.isEmpty() && !port.optional() && !excusedHere) {
                    problems.add(Problem.error(where, "input '" + port.name() + "' is not connected"));
                } else if (feeding.size() > 1) {
                    problems.add(Problem.error(where, "input '" + port.name() + "' has " + feeding.size()
                            + " connections (from " + feeding.stream().map(Wire::fromName)
                            .collect(Collectors.joining(", ")) + "); an input takes exactly one"));
                }
            }
            for (int i = 0; i < b.outputs().size(); i++) {
                ResolvedPort port = b.outputs().get(i);
                int index = i;
                if (!port.optional() && !excused.contains("out " + b.id() + ":" + port.name())
                        && outOf.getOrDefault(b, List.of()).stream().noneMatch(w -> w.fromPort() == index)) {
                    problems.add(Problem.error("block '" + b.id() + "' output '" + port.name() + "'",
                            "output '" + port.name() + "' is not connected"));
                }
            }
        }
    }

    /** Names of ports for "has no input 'x' (its inputs: in0, in1)" messages. */
    static String names(List<ResolvedPort> ports) {
        List<String> names = new ArrayList<>();
        ports.forEach(p -> names.add(p.name()));
        return names.isEmpty() ? "none" : String.join(", ", names);
    }
}
