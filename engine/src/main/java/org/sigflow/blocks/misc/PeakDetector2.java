package org.sigflow.blocks.misc;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code peak_detector2}: GNU Radio's {@code peak_detector2_fb} work loop. Searching, each sample updates the float
 * running average and a sample above {@code avg * (1 + rise)} stops the call before it; that sample then starts a
 * window of {@code look_ahead} samples (its average already updated) whose first largest sample is marked. A window
 * needs all its samples at once, so one cut off by the end of the stream is not output, as in GNU Radio.
 */
public final class PeakDetector2 implements Block {
    private final float rise;
    private final int lookAhead;
    private final float alpha;
    private float avg;
    private boolean found;

    PeakDetector2(float rise, int lookAhead, float alpha) {
        this.rise = rise;
        this.lookAhead = lookAhead;
        this.alpha = alpha;
    }

    @Override
    public WorkResult work(WorkIo io) {
        int n = Math.min(io.in(0).available(), io.out(0).space());
        if (io.outputCount() > 1) {
            n = Math.min(n, io.out(1).space());
        }
        float[] x = io.in(0).floats();
        int xi = io.in(0).offset();
        byte[] flags = io.out(0).bytes();
        int fo = io.out(0).offset();
        float[] avgOut = io.outputCount() > 1 ? io.out(1).floats() : null;
        int ao = avgOut != null ? io.out(1).offset() : 0;
        if (!found) {
            if (n == 0) {
                return io.in(0).finished() && io.in(0).available() == 0 ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            int i = 0;
            for (; i < n; i++) {
                avg = alpha * x[xi + i] + (1.0f - alpha) * avg;
                if (x[xi + i] > avg * (1.0f + rise)) {
                    found = true;
                    break;
                }
                flags[fo + i] = 0;
                if (avgOut != null) {
                    avgOut[ao + i] = avg;
                }
            }
            io.consumeEach(i);
            io.produceEach(i);
            return WorkResult.CONTINUE;
        }
        if (n < lookAhead) {
            return io.in(0).finished() && io.in(0).available() < lookAhead ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        float peak = x[xi];
        int at = 0;
        if (avgOut != null) {
            avgOut[ao] = avg;
        }
        for (int i = 1; i < lookAhead; i++) {
            avg = alpha * x[xi + i] + (1.0f - alpha) * avg;
            if (avgOut != null) {
                avgOut[ao + i] = avg;
            }
            if (x[xi + i] > peak) {
                peak = x[xi + i];
                at = i;
            }
        }
        for (int i = 0; i < lookAhead; i++) {
            flags[fo + i] = (byte) (i == at ? 1 : 0);
        }
        found = false;
        io.consumeEach(lookAhead);
        io.produceEach(lookAhead);
        return WorkResult.CONTINUE;
    }

    @Override
    public int inputMultiple() {
        return lookAhead;
    }

    @Override
    public int outputMultiple() {
        return lookAhead;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "peak_detector2";
        }

        @Override
        public Block create(BlockSetup s) {
            int look = s.integer("look_ahead");
            if (look < 1) {
                throw new IllegalArgumentException("peak_detector2: look_ahead must be >= 1, got " + look);
            }
            return new PeakDetector2((float) s.real("threshold_factor_rise"), look, (float) s.real("alpha"));
        }
    }
}
