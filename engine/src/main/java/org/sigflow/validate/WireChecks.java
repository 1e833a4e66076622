package org.sigflow.validate;

import java.util.List;
import org.sigflow.catalog.Domain;

/** Type, vector-length and memory-domain checks of one edge. */
final class WireChecks {
    private WireChecks() {}

    /** Adds the edge's problems; {@code true} if it has none. */
    static boolean check(Wire w, List<Problem> problems) {
        ResolvedPort out = w.output();
        ResolvedPort in = w.input();
        int before = problems.size();
        if (out.dtype() != in.dtype()) {
            problems.add(Problem.error(w.where(), out.dtype().id() + " output '" + w.fromName()
                    + "' cannot feed " + in.dtype().id() + " input '" + w.toName() + "'"));
        }
        if (out.vlen() != in.vlen()) {
            problems.add(Problem.error(w.where(), "output '" + w.fromName() + "' carries vectors of "
                    + out.vlen() + " but input '" + w.toName() + "' takes vectors of " + in.vlen()));
        }
        if (out.domain() != in.domain()) {
            problems.add(Problem.error(w.where(), domainMessage(out.domain(), in.domain())));
        }
        return problems.size() == before;
    }

    /** "a CPU port cannot feed a CUDA port directly; insert a Memory CPU→GPGPU node", and the reverse. */
    static String domainMessage(Domain from, Domain to) {
        return "a " + from.displayName() + " port cannot feed a " + to.displayName() + " port directly; insert a "
                + "Memory " + from.memoryName() + "→" + to.memoryName() + " node";
    }
}
