package org.sigflow.blocks.zmq;

import org.sigflow.runtime.Block;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/** Test source: cf32 item i = (i, -i) for {@code items} items, tagged by {@link ZmqTagRule} when asked, then ends. */
final class TaggedRamp implements Block {
    private final long items;
    private final boolean tagged;
    private final long startAtNanos;
    private long next;

    /** Produces nothing for the first {@code delayMillis} (lets a subscriber join a PUB socket). */
    TaggedRamp(long items, boolean tagged, long delayMillis) {
        this.items = items;
        this.tagged = tagged;
        this.startAtNanos = System.nanoTime() + delayMillis * 1_000_000L;
    }

    @Override
    public WorkResult work(WorkIo io) throws InterruptedException {
        if (next == items) {
            return WorkResult.DONE;
        }
        if (System.nanoTime() < startAtNanos) {
            Thread.sleep(5);
            return WorkResult.CONTINUE;
        }
        OutputView out = io.out(0);
        int n = (int) Math.min(out.space(), items - next);
        float[] f = out.floats();
        for (int i = 0; i < n; i++) {
            long v = next + i;
            f[out.offset() + 2 * i] = v;
            f[out.offset() + 2 * i + 1] = -v;
            if (tagged && v % ZmqTagRule.EVERY == 0) {
                var t = ZmqTagRule.tagAt(v);
                out.addTag(v, t.key(), t.value());
            }
        }
        next += n;
        io.produce(0, n);
        return WorkResult.CONTINUE;
    }
}
