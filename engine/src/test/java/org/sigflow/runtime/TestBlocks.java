package org.sigflow.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;

/** Small blocks with exactly known outputs, to test the scheduler independently of the DSP library. */
final class TestBlocks {
    private TestBlocks() {}

    static PortSpec f32(int vlen) {
        return new PortSpec("p", Dtype.F32, vlen);
    }

    /**
     * Emits item values 0, 1, 2, … (each float of a vector item = item index * vlen + k) up to {@code count} items;
     * a gated ramp ({@link #gated}) holds after {@code holdAt} items until {@link #release()}.
     */
    static final class Ramp implements Block {
        final long count;
        final int vlen;
        final int tagEvery;
        private final long holdAt;
        private final java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
        long next;

        Ramp(long count, int vlen, int tagEvery) {
            this(count, vlen, tagEvery, -1);
        }

        private Ramp(long count, int vlen, int tagEvery, long holdAt) {
            this.count = count;
            this.vlen = vlen;
            this.tagEvery = tagEvery;
            this.holdAt = holdAt;
        }

        static Ramp gated(long count, long holdAt) {
            return new Ramp(count, 1, 0, holdAt);
        }

        void release() {
            gate.countDown();
        }

        @Override
        public WorkResult work(WorkIo io) throws InterruptedException {
            if (next == holdAt) {
                gate.await();
            }
            OutputView out = io.out(0);
            int n = (int) Math.min(out.space(), (next < holdAt ? holdAt : count) - next);
            float[] a = out.floats();
            int off = out.offset();
            for (int i = 0; i < n * vlen; i++) {
                a[off + i] = (float) ((next * vlen + i) % 16_777_216); // exact in float32
            }
            if (tagEvery > 0) {
                for (long t = (next + tagEvery - 1) / tagEvery * tagEvery; t < next + n; t += tagEvery) {
                    out.addTag(t, "mark", t);
                }
            }
            io.produce(0, n);
            next += n;
            return next >= count ? WorkResult.DONE : WorkResult.CONTINUE;
        }
    }

    /** y[n] = x[n] + x[n-1] + … + x[n-h+1]: needs history h. */
    static final class MovingSum extends SyncBlock {
        final int h;

        MovingSum(int h) {
            this.h = h;
        }

        @Override
        public int history() {
            return h;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            float[] x = io.in(0).floats();
            float[] y = io.out(0).floats();
            int xo = io.in(0).offset();
            int yo = io.out(0).offset();
            for (int n = 0; n < steps; n++) {
                float s = 0;
                for (int k = 0; k < h; k++) {
                    s += x[xo + n - k];
                }
                y[yo + n] = s;
            }
        }
    }

    /** Keeps the first item of every group of {@code d}, repeated {@code i} times. */
    static final class Resample extends SyncBlock {
        final int d;
        final int i;

        Resample(int d, int i) {
            super(d, i);
            this.d = d;
            this.i = i;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            float[] x = io.in(0).floats();
            float[] y = io.out(0).floats();
            int xo = io.in(0).offset();
            int yo = io.out(0).offset();
            for (int s = 0; s < steps; s++) {
                for (int k = 0; k < i; k++) {
                    y[yo + s * i + k] = x[xo + s * d];
                }
            }
        }
    }

    /** Multiplies by a gain that may change while running; refuses negative gains. */
    static final class Gain extends SyncBlock {
        volatile float gain;

        Gain(float gain) {
            this.gain = gain;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            float[] x = io.in(0).floats();
            float[] y = io.out(0).floats();
            int xo = io.in(0).offset();
            int yo = io.out(0).offset();
            float g = gain;
            for (int n = 0; n < steps; n++) {
                y[yo + n] = x[xo + n] * g;
            }
        }

        @Override
        public void applyParam(String paramId, Value value) {
            if (!paramId.equals("gain")) {
                super.applyParam(paramId, value);
            }
            double g = value.asDouble();
            if (g < 0) {
                throw new IllegalArgumentException("gain must be >= 0");
            }
            gain = (float) g;
        }
    }

    /** Throws once it has seen {@code after} items. */
    static final class FailAfter extends SyncBlock {
        final long after;
        long seen;

        FailAfter(long after) {
            this.after = after;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            seen += steps;
            if (seen > after) {
                throw new IllegalStateException("synthetic failure at item " + after);
            }
            System.arraycopy(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
        }
    }

    /** Passes items through; finishes after {@code count} items like GNU Radio's head. */
    static final class Take implements Block {
        final long count;
        long passed;

        Take(long count) {
            this.count = count;
        }

        @Override
        public WorkResult work(WorkIo io) {
            int n = (int) Math.min(Math.min(io.in(0).available(), io.out(0).space()), count - passed);
            System.arraycopy(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), n);
            io.consume(0, n);
            io.produce(0, n);
            passed += n;
            return passed >= count ? WorkResult.DONE : WorkResult.CONTINUE;
        }
    }

    /** Two inputs copied to two outputs, with a chosen tag policy. */
    static final class PassPair extends SyncBlock {
        final TagPolicy policy;

        PassPair(TagPolicy policy) {
            this.policy = policy;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            for (int p = 0; p < 2; p++) {
                System.arraycopy(io.in(p).floats(), io.in(p).offset(), io.out(p).floats(), io.out(p).offset(), steps);
            }
        }

        @Override
        public TagPolicy tagPolicy() {
            return policy;
        }
    }

    /** Collects every float and every tag; optionally slow (random short naps) to exercise back-pressure. */
    static final class Collect implements Block {
        final List<Tag> tags = new ArrayList<>();
        float[] data = new float[1024];
        int size;
        final boolean slow;
        final int maxPerCall;

        Collect(boolean slow, int maxPerCall) {
            this.slow = slow;
            this.maxPerCall = maxPerCall;
        }

        @Override
        public WorkResult work(WorkIo io) throws InterruptedException {
            InputView in = io.in(0);
            int n = Math.min(in.available(), maxPerCall);
            int e = n * in.itemSize();
            if (size + e > data.length) {
                data = java.util.Arrays.copyOf(data, Math.max(size + e, data.length * 2));
            }
            System.arraycopy(in.floats(), in.offset(), data, size, e);
            size += e;
            tags.addAll(in.tags(n));
            io.consume(0, n);
            if (slow && ThreadLocalRandom.current().nextInt(8) == 0) {
                Thread.sleep(1);
            }
            return WorkResult.CONTINUE;
        }

        float[] floats() {
            return java.util.Arrays.copyOf(data, size);
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }
    }
}
