package org.sigflow.runtime.buffer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;

/**
 * What a memory node's DMA may queue past the ring's end ({@link Reader#availableAfterEnd},
 * {@link StreamBuffer#spaceAfterEnd}): on a 16-item ring with 8-item chunks, a window that ends at the ring's end
 * goes on at its start up to a chunk in all, and only there; the items beyond are the ones written at the ring's
 * start (checked through the segment).
 */
class RingEndViewTest {
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT_UNALIGNED;

    private static StreamBuffer ring(int mirror) {
        return new StreamBuffer(Dtype.CF32, 2, 16, 1, mirror, 8, true);
    }

    /** Writes items {@code [written, written + n)} (re = item index) in at most two contiguous parts, and publishes them. */
    private static void write(StreamBuffer b, int n) {
        MemorySegment s = b.segment();
        while (n > 0) {
            int space = b.writeSpace();
            int k = Math.min(n, space);
            for (int i = 0; i < k; i++) {
                s.setAtIndex(F, b.writeOffset() + 2L * i, b.written() + i);
            }
            b.produce(k);
            n -= k;
        }
    }

    @Test
    void windowAndSpaceGoOnAtTheRingsStart() {
        StreamBuffer b = ring(0);
        Reader r = b.attach(1, 1);
        write(b, 12);
        r.consume(12); // both ends at slot 12: 4 items to the ring's end
        assertEquals(4, b.writeSpace());
        assertEquals(4, b.spaceAfterEnd(4), "free beyond the end: up to a chunk (8) in all");
        assertEquals(0, b.spaceAfterEnd(3), "a space that does not end at the ring's end has nothing beyond");
        write(b, 8); // items 12..15 at the end, 16..19 at the start
        assertEquals(4, r.available());
        assertEquals(4, r.availableAfterEnd(4));
        for (int i = 0; i < 4; i++) { // the items beyond the end are at the ring's start, in order
            assertEquals(16 + i, b.segment().getAtIndex(F, 2L * i), 0f);
        }
        assertEquals(0, r.availableAfterEnd(3));
        r.consume(4);
        assertEquals(4, r.available(), "the next window starts at the ring's start");
        assertEquals(0, r.availableAfterEnd(4), "and does not end at the ring's end");
    }

    @Test
    void aWindowCutByTheChunkOrAMirrorHasNothingBeyond() {
        StreamBuffer b = ring(0);
        Reader r = b.attach(1, 1);
        write(b, 8);
        r.consume(8); // slot 8: 8 items to the end, a whole chunk
        assertEquals(8, b.writeSpace());
        assertEquals(0, b.spaceAfterEnd(8));
        StreamBuffer m = ring(2);
        Reader rm = m.attach(1, 1);
        write(m, 12);
        rm.consume(12);
        assertEquals(0, m.spaceAfterEnd(m.writeSpace()), "a mirrored ring replicates its start instead");
        write(m, 8);
        assertEquals(0, rm.availableAfterEnd(rm.available()));
    }

    @Test
    void nothingBeyondWhatIsWrittenOrFree() {
        StreamBuffer b = ring(0);
        Reader r = b.attach(1, 1);
        write(b, 14);
        r.consume(10); // reader at 10, writer at 14: 2 free to the end, 10 more from the start
        assertEquals(2, b.writeSpace());
        assertEquals(6, b.spaceAfterEnd(2), "a chunk in all");
        write(b, 2);
        assertEquals(6, r.available());
        assertEquals(0, r.availableAfterEnd(6), "nothing written past the end yet");
        write(b, 1);
        assertEquals(1, r.availableAfterEnd(6));
    }
}
