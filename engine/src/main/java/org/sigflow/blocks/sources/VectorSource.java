package org.sigflow.blocks.sources;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/** {@code vector_source}: plays a list of samples once, or repeats it forever. */
@AutoService(BlockFactory.class)
public final class VectorSource implements BlockFactory {

    @Override
    public String id() {
        return "vector_source";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype type = StreamType.dtype(setup, Dtype.CF32, Dtype.F32, Dtype.S32, Dtype.S16, Dtype.U8);
        int itemSize = StreamType.itemSize(setup);
        float[] samples = type == Dtype.CF32 ? setup.complexes("vector") : realParts(setup);
        if (samples.length % itemSize != 0) {
            throw new IllegalArgumentException("vector_source '" + setup.instanceId() + "': the vector has "
                    + samples.length / type.components() + " values, not a multiple of the vector length "
                    + StreamType.vlen(setup));
        }
        boolean repeat = setup.bool("repeat");
        if (repeat && samples.length == 0) {
            throw new IllegalArgumentException("vector_source '" + setup.instanceId() + "': cannot repeat an empty vector");
        }
        VectorSourceTags tags;
        try {
            String text = setup.has("tags") ? setup.string("tags") : "";
            tags = text.isBlank() ? VectorSourceTags.NONE : VectorSourceTags.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("vector_source '" + setup.instanceId() + "': " + e.getMessage(), e);
        }
        return new Player(type == Dtype.S32 ? ints(setup) : integers(type, samples), samples.length, itemSize,
                repeat, tags);
    }

    /** The values as the stream's array: floats as they are, s16 and u8 truncated to int and wrapped (as numpy). */
    static Object integers(Dtype type, float[] values) {
        return switch (type.storage()) {
            case FLOAT -> values;
            case SHORT -> {
                short[] s = new short[values.length];
                for (int i = 0; i < s.length; i++) {
                    s[i] = (short) (long) values[i];
                }
                yield s;
            }
            case BYTE -> {
                byte[] b = new byte[values.length];
                for (int i = 0; i < b.length; i++) {
                    b[i] = (byte) (long) values[i];
                }
                yield b;
            }
            case INT -> {
                int[] n = new int[values.length];
                for (int i = 0; i < n.length; i++) {
                    n[i] = (int) (long) values[i];
                }
                yield n;
            }
        };
    }

    /** An s32 vector exactly (a float would round integers beyond 2^24), truncated and wrapped as numpy. */
    private static int[] ints(BlockSetup setup) {
        java.util.List<org.sigflow.expr.Value> items = setup.param("vector").asList();
        int[] n = new int[items.size()];
        for (int i = 0; i < n.length; i++) {
            org.sigflow.expr.Value v = items.get(i);
            n[i] = v instanceof org.sigflow.expr.Value.Int k ? (int) k.value() : (int) (long) v.asDouble();
        }
        return n;
    }

    private static float[] realParts(BlockSetup setup) {
        float[] c = setup.complexes("vector");
        float[] re = new float[c.length / 2];
        for (int i = 0; i < re.length; i++) {
            if (c[2 * i + 1] != 0) {
                throw new IllegalArgumentException("vector_source '" + setup.instanceId()
                        + "': a float (f32) stream needs real values, but value " + i + " is complex");
            }
            re[i] = c[2 * i];
        }
        return re;
    }

    /**
     * Copies the vector (a float[], short[] or byte[] of {@code length} elements, the stream's array type) out in
     * whole segments; {@code next} is the element index of the next item to play.
     */
    static final class Player implements Block {
        private final Object samples;
        private final int length;
        private final int itemSize;
        private final boolean repeat;
        private final VectorSourceTags tags;
        private int next;

        Player(Object samples, int length, int itemSize, boolean repeat, VectorSourceTags tags) {
            this.tags = tags;
            this.samples = samples;
            this.length = length;
            this.itemSize = itemSize;
            this.repeat = repeat;
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView out = io.out(0);
            int wanted = out.space() * itemSize;
            if (!repeat) {
                if (next == length) {
                    return WorkResult.DONE;
                }
                wanted = Math.min(wanted, length - next); // 0 when the output is full: not the end
            }
            int at = 0;
            for (int left = wanted; left > 0; ) {
                int n = Math.min(left, length - next);
                Items.put(samples, next, out, at, n);
                at += n;
                left -= n;
                next += n;
                if (next == length && repeat) {
                    next = 0;
                }
            }
            long start = out.position();
            tags.put(out, start, start + wanted / itemSize, length / itemSize, repeat);
            io.produce(0, wanted / itemSize);
            return WorkResult.CONTINUE;
        }

        @Override
        public boolean segmentViews() {
            return true;
        }
    }
}
