package org.sigflow.blocks;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * A float-stream sink for tests that reads through segment views (so its ring may live off the heap) until
 * {@code want} items, counting the non-zero elements it saw: the check that a null source's zeros arrive intact.
 */
public final class ZeroCountSink implements Block {
    private final long want;
    private volatile long items;
    private volatile long nonZero;
    private volatile boolean sawSegment;

    public ZeroCountSink(long want) {
        this.want = want;
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        int n = in.available();
        MemorySegment s = in.segment();
        sawSegment |= s != null;
        long bad = 0;
        for (long e = in.offset(), end = e + (long) n * in.itemSize(); e < end && s != null; e++) {
            bad += s.get(ValueLayout.JAVA_FLOAT, 4 * e) != 0f ? 1 : 0;
        }
        nonZero += bad; // single writer (the block's thread)
        io.consume(0, n);
        items += n;
        return items >= want ? WorkResult.DONE : WorkResult.CONTINUE;
    }

    @Override
    public boolean segmentViews() {
        return true;
    }

    /** Items read so far. */
    public long items() {
        return items;
    }

    /** Non-zero float elements among them. */
    public long nonZero() {
        return nonZero;
    }

    /** Whether its ring was off the heap. */
    public boolean sawSegment() {
        return sawSegment;
    }
}
