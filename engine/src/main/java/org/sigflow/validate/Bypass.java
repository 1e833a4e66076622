package org.sigflow.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Bypassed blocks: allowed only for one input and one output of the same dtype and vector length; removed from the
 * running graph by joining the edge into the block with each edge out of it.
 */
final class Bypass {
    private Bypass() {}

    /** Adds an error for each bypassed block that cannot be bypassed; {@code true} if all can. */
    static boolean checkBypassable(List<ResolvedBlock> bypassed, List<Problem> problems) {
        boolean ok = true;
        for (ResolvedBlock b : bypassed) {
            String reason = reason(b);
            if (reason != null) {
                problems.add(Problem.error("block '" + b.id() + "'", "cannot be bypassed: " + reason));
                ok = false;
            }
        }
        return ok;
    }

    private static String reason(ResolvedBlock b) {
        if (b.inputs().size() != 1 || b.outputs().size() != 1) {
            return "only a block with exactly one input and one output can be bypassed (it has "
                    + count(b.inputs().size(), "input") + " and " + count(b.outputs().size(), "output") + ")";
        }
        ResolvedPort in = b.inputs().getFirst();
        ResolvedPort out = b.outputs().getFirst();
        if (in.dtype() != out.dtype() || in.vlen() != out.vlen()) {
            return "its input (" + shape(in) + ") and output (" + shape(out) + ") differ, so the stream cannot pass "
                    + "through unchanged";
        }
        return null;
    }

    private static String shape(ResolvedPort p) {
        return p.dtype().id() + (p.vlen() == 1 ? "" : " × " + p.vlen());
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    /**
     * Replaces every path through bypassed blocks by one joined wire. Chains of bypassed blocks join in turn; a
     * bypassed block without an incoming wire drops its outgoing wires (its input is reported as unconnected).
     */
    static List<Wire> join(List<Wire> wires, Set<String> bypassedIds) {
        List<Wire> current = new ArrayList<>(wires);
        for (String id : bypassedIds) {
            List<Wire> into = current.stream().filter(w -> w.to().id().equals(id)).toList();
            List<Wire> outOf = current.stream().filter(w -> w.from().id().equals(id)).toList();
            List<Wire> next = new ArrayList<>();
            for (Wire w : current) {
                if (!w.to().id().equals(id) && !w.from().id().equals(id)) {
                    next.add(w);
                }
            }
            for (Wire in : into) {
                for (Wire out : outOf) {
                    if (!in.from().id().equals(id)) { // a bypassed block wired to itself stays a (reported) cycle
                        next.add(in.joinedWith(out));
                    }
                }
            }
            current = next;
        }
        return current;
    }
}
