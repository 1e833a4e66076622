package org.sigflow.runtime;

import java.util.ArrayList;
import java.util.List;
import org.sigflow.catalog.Dtype;

/**
 * Drives one block without the scheduler, for block tests: feeds whole input arrays (in chunks of at most
 * {@link #chunk(int)} items, to exercise partial work calls), gives at most {@code chunk} items of output space per
 * call, and collects everything produced until the block is done or stalls with all inputs finished.
 */
public final class BlockHarness {
    private final Block block;
    private final List<In> inputs = new ArrayList<>();
    private final List<Out> outputs = new ArrayList<>();
    private int chunk = 4096;
    private int maxCalls = 1_000_000;
    private java.util.function.BooleanSupplier stopRequested = () -> false;
    private java.util.function.IntConsumer beforeCall = call -> { };
    private int feedEvery;
    private boolean done;

    private BlockHarness(Block block) {
        this.block = block;
    }

    public static BlockHarness of(Block block) {
        return new BlockHarness(block);
    }

    public BlockHarness input(Dtype dtype, int vlen, Object array) {
        inputs.add(new In(dtype.components() * vlen, array, new ArrayList<>()));
        return this;
    }

    public BlockHarness input(float[] complexOrReal, boolean complex) {
        return input(complex ? Dtype.CF32 : Dtype.F32, 1, complexOrReal);
    }

    public BlockHarness tag(int port, Tag tag) {
        inputs.get(port).tags.add(tag);
        return this;
    }

    public BlockHarness output(Dtype dtype, int vlen) {
        outputs.add(new Out(dtype, dtype.components() * vlen));
        return this;
    }

    public BlockHarness chunk(int items) {
        this.chunk = items;
        return this;
    }

    public BlockHarness maxCalls(int calls) {
        this.maxCalls = calls;
        return this;
    }

    /** What {@link WorkIo#stopRequested()} answers (default: never), e.g. to test that a sleeping block returns. */
    public BlockHarness stopRequested(java.util.function.BooleanSupplier stop) {
        this.stopRequested = stop;
        return this;
    }

    /** Runs before work call number {@code call} (from 0), on the block's thread, e.g. to apply a param change. */
    public BlockHarness beforeCall(java.util.function.IntConsumer hook) {
        this.beforeCall = hook;
        return this;
    }

    /**
     * Feeds one more chunk of every input before each {@code calls}-th work call, whether or not the block stalled,
     * for blocks that always make progress (burst_to_stream fills gaps with zeros): input then arrives at a fixed pace.
     */
    public BlockHarness feedEvery(int calls) {
        this.feedEvery = calls;
        return this;
    }

    /** Runs to completion; returns this for reading outputs. */
    public BlockHarness run() throws Exception {
        int hist = block.history();
        for (In in : inputs) {
            in.prepare(hist);
        }
        block.start();
        try {
            int idle = 0;
            for (int call = 0; call < maxCalls && !done; call++) {
                beforeCall.accept(call);
                if (feedEvery > 0 && call % feedEvery == 0) {
                    for (In in : inputs) {
                        in.fed = Math.min(in.total, in.fed + chunk);
                    }
                }
                Io io = new Io();
                WorkResult r = block.work(io);
                if (r == WorkResult.DONE) {
                    done = true;
                    break;
                }
                if (io.progress) {
                    idle = 0;
                    continue;
                }
                boolean moreInput = false;
                for (In in : inputs) {
                    moreInput |= in.fed < in.total;
                }
                if (moreInput) {
                    for (In in : inputs) {
                        in.fed = Math.min(in.total, in.fed + chunk);
                    }
                } else if (++idle > 2) {
                    break; // all input fed and the block makes no progress: stream ended
                }
            }
        } finally {
            block.stop();
        }
        return this;
    }

    public boolean finishedByItself() {
        return done;
    }

    public float[] floats(int port) {
        Out o = outputs.get(port);
        float[] r = new float[o.count * o.itemSize];
        for (int i = 0; i < r.length; i++) {
            r[i] = o.floats[i];
        }
        return r;
    }

    public short[] shorts(int port) {
        Out o = outputs.get(port);
        return java.util.Arrays.copyOf(o.shorts, o.count * o.itemSize);
    }

    public byte[] bytes(int port) {
        Out o = outputs.get(port);
        return java.util.Arrays.copyOf(o.bytes, o.count * o.itemSize);
    }

    public int[] ints(int port) {
        Out o = outputs.get(port);
        return java.util.Arrays.copyOf(o.ints, o.count * o.itemSize);
    }

    public int produced(int port) {
        return outputs.get(port).count;
    }

    public List<Tag> tags(int port) {
        return outputs.get(port).tags;
    }

    private static final class In {
        final int itemSize;
        final Object data;
        final List<Tag> tags;
        Object padded;
        int pad;
        int total;
        int fed;
        long consumed;

        In(int itemSize, Object data, List<Tag> tags) {
            this.itemSize = itemSize;
            this.data = data;
            this.tags = tags;
        }

        void prepare(int history) {
            pad = history - 1;
            int len = java.lang.reflect.Array.getLength(data);
            total = len / itemSize;
            padded = java.lang.reflect.Array.newInstance(data.getClass().getComponentType(), len + pad * itemSize);
            System.arraycopy(data, 0, padded, pad * itemSize, len);
            fed = 0;
        }
    }

    private static final class Out {
        final Dtype dtype;
        final int itemSize;
        float[] floats = new float[0];
        short[] shorts = new short[0];
        byte[] bytes = new byte[0];
        int[] ints = new int[0];
        int count;
        final List<Tag> tags = new ArrayList<>();

        Out(Dtype dtype, int itemSize) {
            this.dtype = dtype;
            this.itemSize = itemSize;
        }

        void ensure(int items) {
            int need = items * itemSize;
            switch (dtype.storage()) {
                case FLOAT -> { if (floats.length < need) floats = java.util.Arrays.copyOf(floats, Math.max(need, 2 * floats.length)); }
                case SHORT -> { if (shorts.length < need) shorts = java.util.Arrays.copyOf(shorts, Math.max(need, 2 * shorts.length)); }
                case BYTE -> { if (bytes.length < need) bytes = java.util.Arrays.copyOf(bytes, Math.max(need, 2 * bytes.length)); }
                case INT -> { if (ints.length < need) ints = java.util.Arrays.copyOf(ints, Math.max(need, 2 * ints.length)); }
            }
        }
    }

    private final class Io implements WorkIo {
        boolean progress;
        final int[] consumed = new int[inputs.size()];
        final int[] produced = new int[outputs.size()];

        Io() {
            for (In in : inputs) {
                if (in.fed == 0 && in.total > 0) {
                    in.fed = Math.min(in.total, chunk);
                }
            }
            for (Out o : outputs) {
                o.ensure(o.count + chunk);
            }
        }

        @Override public int inputCount() { return inputs.size(); }
        @Override public int outputCount() { return outputs.size(); }

        @Override
        public InputView in(int port) {
            In in = inputs.get(port);
            return new InputView() {
                @Override public int available() { return (int) (in.fed - in.consumed); }
                @Override public boolean finished() { return in.fed == in.total; }
                @Override public int offset() { return (int) (in.pad + in.consumed) * in.itemSize; }
                @Override public int itemSize() { return in.itemSize; }
                @Override public long position() { return in.consumed; }
                @Override public float[] floats() { return (float[]) in.padded; }
                @Override public short[] shorts() { return (short[]) in.padded; }
                @Override public byte[] bytes() { return (byte[]) in.padded; }
                @Override public int[] ints() { return (int[]) in.padded; }
                @Override public List<Tag> tags(int n) {
                    return in.tags.stream().filter(t -> t.offset() >= in.consumed && t.offset() < in.consumed + n).toList();
                }
            };
        }

        @Override
        public OutputView out(int port) {
            Out o = outputs.get(port);
            return new OutputView() {
                @Override public int space() { return chunk; }
                @Override public int offset() { return o.count * o.itemSize; }
                @Override public int itemSize() { return o.itemSize; }
                @Override public long position() { return o.count; }
                @Override public float[] floats() { return o.floats; }
                @Override public short[] shorts() { return o.shorts; }
                @Override public byte[] bytes() { return o.bytes; }
                @Override public int[] ints() { return o.ints; }
                @Override public void addTag(long offset, String key, Object value) { o.tags.add(new Tag(offset, key, value)); }
            };
        }

        @Override
        public void consume(int port, int n) {
            In in = inputs.get(port);
            if (n < 0 || n > in.fed - in.consumed) {
                throw new IllegalStateException("consumed " + n + " items on input " + port + " but only " + (in.fed - in.consumed) + " available");
            }
            in.consumed += n;
            progress |= n > 0;
        }

        @Override
        public void consumeEach(int n) {
            for (int i = 0; i < inputs.size(); i++) {
                consume(i, n);
            }
        }

        @Override
        public void produce(int port, int n) {
            if (n < 0 || n > chunk) {
                throw new IllegalStateException("produced " + n + " items on output " + port + " but space was " + chunk);
            }
            outputs.get(port).count += n;
            progress |= n > 0;
        }

        @Override
        public void produceEach(int n) {
            for (int o = 0; o < outputs.size(); o++) {
                produce(o, n);
            }
        }

        @Override public boolean stopRequested() { return stopRequested.getAsBoolean(); }
    }
}
