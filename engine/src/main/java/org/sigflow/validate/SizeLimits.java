package org.sigflow.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sigflow.expr.Value;

/**
 * Sizes no block can serve, refused before the block is built (building would allocate per phase, per bin or per
 * vector element, and take minutes or all memory first): the limit and the reason in the message.
 */
public final class SizeLimits {
    /** Longest vector on a port (elements), e.g. an FFT size or a stream-to-vector length: 64 MB of cf32. */
    public static final int MAX_VLEN = 1 << 23;
    /** Largest interpolation, decimation or channel count: each is a polyphase branch or a ring multiple. */
    public static final int MAX_RATE = 1 << 16;

    private static final Map<String, Integer> RATE_PARAMS = Map.of(
            "interpolation", MAX_RATE, "decimation", MAX_RATE, "nchans", MAX_RATE);

    private SizeLimits() {}

    /** One message per size of {@code b} over its limit; empty when all fit. */
    public static List<String> problems(ResolvedBlock b) {
        List<String> out = new ArrayList<>();
        RATE_PARAMS.forEach((param, max) -> {
            Value v = b.params().get(param);
            if (v instanceof Value.Int i && i.value() > max) {
                out.add(String.format("param '%s' = %,d is over the limit of %,d (each unit is a filter branch or a"
                        + " ring multiple held in memory)", param, i.value(), max));
            }
        });
        for (List<ResolvedPort> ports : List.of(b.inputs(), b.outputs())) {
            for (ResolvedPort p : ports) {
                if (p.vlen() > MAX_VLEN) {
                    out.add(String.format("port '%s' has vectors of %,d items; the limit is %,d (a vector must fit "
                            + "in a ring many times over)", p.name(), p.vlen(), MAX_VLEN));
                }
            }
        }
        return out;
    }
}
