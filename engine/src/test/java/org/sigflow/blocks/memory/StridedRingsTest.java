package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How a download group's rings are laid out for 2D copies ({@link StridedRings}), from their addresses alone (nothing
 * is pinned or copied here): rings at one stride form a span, a set whose destinations keep the stride goes as one
 * copy per span, anything else as a copy per ring.
 */
class StridedRingsTest {
    private static final long RING = 1 << 20;
    private static final long STRIDE = RING + 4096; // a ring and its page of allocation slack

    private static MemorySegment ring(long address) {
        return MemorySegment.ofAddress(address).reinterpret(RING);
    }

    /** Destinations {@code at} bytes into each ring. */
    private static long[] dest(MemorySegment[] rings, long at) {
        long[] d = new long[rings.length];
        for (int k = 0; k < rings.length; k++) {
            d[k] = rings[k].address() + at;
        }
        return d;
    }

    private static List<String> plan(StridedRings s, long[] dest) {
        return s.plan(dest).stream().map(c -> c[0] + "+" + c[1]).toList();
    }

    @Test
    void ringsAllocatedDownwardsAreOneSpanInReverseOrder() {
        MemorySegment[] rings = new MemorySegment[8];
        for (int k = 0; k < 8; k++) {
            rings[k] = ring(0x7f00_0000_0000L - k * STRIDE);
        }
        StridedRings s = StridedRings.of(rings);
        assertArrayEquals(new int[] {7, 6, 5, 4, 3, 2, 1, 0}, s.order());
        assertEquals(List.of(8), s.spans());
        assertEquals(List.of("0+1", "1+1", "2+1", "3+1", "4+1", "5+1", "6+1", "7+1"), plan(s, dest(rings, 4096)),
                "not pinned as a span: a copy per ring");
        s.assumePinned(0);
        assertEquals(List.of("0+8"), plan(s, dest(rings, 4096)), "pinned: one 2D copy of 8 rows");
        long[] d = dest(rings, 4096);
        d[3] += 512; // member 3 (rank 4) writes elsewhere: the run breaks around it
        assertEquals(List.of("0+4", "4+1", "5+3"), plan(s, d));
    }

    @Test
    void aRingElsewhereOrOfAnotherSizeSplitsTheSpans() {
        MemorySegment[] rings = new MemorySegment[6];
        for (int k = 0; k < 3; k++) {
            rings[k] = ring(0x1000_0000L + k * STRIDE);
        }
        rings[3] = ring(0x5000_0000L); // far away
        rings[4] = ring(0x5000_0000L + STRIDE);
        rings[5] = MemorySegment.ofAddress(0x5000_0000L + 2 * STRIDE).reinterpret(RING / 2); // another size
        StridedRings s = StridedRings.of(rings);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, s.order());
        assertEquals(List.of(3, 2, 1), s.spans());
        s.assumePinned(0);
        s.assumePinned(3);
        assertEquals(List.of("0+3", "3+2", "5+1"), plan(s, dest(rings, 0)));
    }

    @Test
    void slackOfMoreThanTwoPagesIsNoSpan() {
        MemorySegment[] rings = {ring(0x1000_0000L), ring(0x1000_0000L + RING + 3 * 4096)};
        assertEquals(List.of(1, 1), StridedRings.of(rings).spans());
    }
}
