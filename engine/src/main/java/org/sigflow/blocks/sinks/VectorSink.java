package org.sigflow.blocks.sinks;

import com.google.auto.service.AutoService;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code vector_sink}: keeps every item (and every tag) it receives in memory, for tests and small captures. The
 * running block is a {@link Collector}; its accessors return copies and may be called from any thread, during or
 * after the run.
 */
@AutoService(BlockFactory.class)
public final class VectorSink implements BlockFactory {

    @Override
    public String id() {
        return "vector_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Collector(StreamType.dtype(setup), StreamType.vlen(setup));
    }

    public static final class Collector implements Block {
        private final Dtype dtype;
        private final int vlen;
        private final int itemSize;
        private final List<Tag> tags = new ArrayList<>();
        /** A float[], short[], byte[] or int[] by the dtype's storage; grows by doubling. */
        private Object data;
        private int count;

        Collector(Dtype dtype, int vlen) {
            this.dtype = dtype;
            this.vlen = vlen;
            this.itemSize = dtype.components() * vlen;
            this.data = switch (dtype.storage()) {
                case FLOAT -> new float[0];
                case SHORT -> new short[0];
                case BYTE -> new byte[0];
                case INT -> new int[0];
            };
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            int n = in.available();
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            List<Tag> received = in.tags(n);
            Object src = switch (dtype.storage()) {
                case FLOAT -> in.floats();
                case SHORT -> in.shorts();
                case BYTE -> in.bytes();
                case INT -> in.ints();
            };
            synchronized (this) {
                int need = Math.addExact(count, n) * itemSize;
                int capacity = java.lang.reflect.Array.getLength(data);
                if (capacity < need) {
                    data = grow(Math.max(need, 2 * capacity));
                }
                System.arraycopy(src, in.offset(), data, count * itemSize, n * itemSize);
                count += n;
                tags.addAll(received);
            }
            io.consume(0, n);
            return WorkResult.CONTINUE;
        }

        private Object grow(int length) {
            return switch (data) {
                case float[] f -> Arrays.copyOf(f, length);
                case short[] s -> Arrays.copyOf(s, length);
                case byte[] b -> Arrays.copyOf(b, length);
                case int[] i -> Arrays.copyOf(i, length);
                default -> throw new IllegalStateException();
            };
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT; // no outputs; tags are recorded in work()
        }

        public Dtype dtype() {
            return dtype;
        }

        public int vlen() {
            return vlen;
        }

        /** Items received. */
        public synchronized int count() {
            return count;
        }

        /** Elements of all items received (interleaved re/im for complex types), for float-stored dtypes. */
        public synchronized float[] floats() {
            return Arrays.copyOf((float[]) require(Dtype.Storage.FLOAT), count * itemSize);
        }

        public synchronized short[] shorts() {
            return Arrays.copyOf((short[]) require(Dtype.Storage.SHORT), count * itemSize);
        }

        public synchronized byte[] bytes() {
            return Arrays.copyOf((byte[]) require(Dtype.Storage.BYTE), count * itemSize);
        }

        public synchronized int[] ints() {
            return Arrays.copyOf((int[]) require(Dtype.Storage.INT), count * itemSize);
        }

        /** Tags received, in arrival order, with their offsets in this sink's input stream. */
        public synchronized List<Tag> tags() {
            return List.copyOf(tags);
        }

        private Object require(Dtype.Storage storage) {
            if (dtype.storage() != storage) {
                throw new IllegalStateException("vector_sink holds " + dtype.id() + " items, not " + storage.name().toLowerCase() + "s");
            }
            return data;
        }
    }
}
