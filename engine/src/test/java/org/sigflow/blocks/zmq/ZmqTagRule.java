package org.sigflow.blocks.zmq;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Tag;

/**
 * The tags both test peers attach: every {@link #EVERY}th item of a ramp carries one of seven PMT kinds (int64,
 * double, symbol, bool, complex, uint64, rx_time-like tuple). Must match {@code tag_rule} in tools/zmq/gr_peer.py.
 */
final class ZmqTagRule {
    static final int EVERY = 997;

    private ZmqTagRule() {}

    static Tag tagAt(long o) {
        long k = o / EVERY;
        Object value = switch ((int) (k % 7)) {
            case 0 -> -o * 10_000_000L;
            case 1 -> o / 2.0 + 0.25;
            case 2 -> "s" + o;
            case 3 -> k % 2 == 0;
            case 4 -> new Value.Complex(o, -0.5);
            case 5 -> BigInteger.ONE.shiftLeft(63).add(BigInteger.valueOf(o));
            default -> List.of(BigInteger.valueOf(o), 0.125);
        };
        return new Tag(o, "t" + k % 7, value);
    }

    /** Tags on ramp items {@code [first, first + n)}, at offsets counted from {@code first}. */
    static List<Tag> expected(long first, long n) {
        List<Tag> tags = new ArrayList<>();
        for (long o = (first + EVERY - 1) / EVERY * EVERY; o < first + n; o += EVERY) {
            tags.add(tagAt(o).withOffset(o - first));
        }
        return tags;
    }
}
