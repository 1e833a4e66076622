package org.sigflow.blocks.memory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.blocks.common.Items;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * Ends of a chain that use segment views (so the rings beside memory nodes may live off the heap) and report whether
 * they got an off-heap ring: a source playing an array in uneven calls, a sink collecting into an array.
 */
final class RingEnds {
    private RingEnds() {}

    /** Runs {@code nodes} (the first a {@link Source}, the last a {@link Sink}) connected in a line; the sink's items. */
    static Object runLine(List<FlowNode> nodes, boolean offHeap) throws InterruptedException {
        String old = System.getProperty("sigflow.memory.offHeapRings");
        System.setProperty("sigflow.memory.offHeapRings", Boolean.toString(offHeap));
        try {
            List<FlowEdge> edges = new ArrayList<>();
            for (int i = 0; i + 1 < nodes.size(); i++) {
                edges.add(new FlowEdge(nodes.get(i).id(), 0, nodes.get(i + 1).id(), 0));
            }
            RunningGraph g = RunningGraph.start(nodes, edges, new RunOptions(4096));
            g.await(Duration.ofSeconds(120)).orElseThrow(() -> new AssertionError("graph did not end"));
            return ((Sink) nodes.getLast().block()).items();
        } finally {
            if (old == null) {
                System.clearProperty("sigflow.memory.offHeapRings");
            } else {
                System.setProperty("sigflow.memory.offHeapRings", old);
            }
        }
    }

    /** Plays a float[], short[] or byte[] once, at most {@code most} items per call. */
    static final class Source implements Block {
        private final Object data;
        private final int length;
        private final int most;
        private int at;
        volatile boolean sawSegment;

        Source(Object data, int most) {
            this.data = data;
            this.length = Array.getLength(data);
            this.most = most;
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView o = io.out(0);
            sawSegment |= o.segment() != null;
            int items = Math.min(Math.min(o.space(), most), (length - at) / o.itemSize());
            if (items == 0) {
                return o.space() == 0 ? WorkResult.CONTINUE : WorkResult.DONE;
            }
            int n = items * o.itemSize();
            Items.put(data, at, o, 0, n);
            at += n;
            io.produce(0, items);
            return WorkResult.CONTINUE;
        }

        @Override
        public boolean segmentViews() {
            return true;
        }
    }

    /** Collects everything it reads. */
    static final class Sink implements Block {
        private final Dtype.Storage storage;
        private MemorySegment items = MemorySegment.ofArray(new byte[1 << 16]);
        private long bytes;
        volatile boolean sawSegment;

        Sink(Dtype.Storage storage) {
            this.storage = storage;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            sawSegment |= in.segment() != null;
            int n = in.available();
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            long size = org.sigflow.runtime.buffer.StreamBuffer.elementBytes(storage);
            long len = (long) n * in.itemSize() * size;
            while (bytes + len > items.byteSize()) {
                MemorySegment bigger = MemorySegment.ofArray(new byte[(int) (2 * items.byteSize())]);
                MemorySegment.copy(items, 0, bigger, 0, bytes);
                items = bigger;
            }
            MemorySegment src = in.segment() != null ? in.segment() : switch (storage) {
                case FLOAT -> MemorySegment.ofArray(in.floats());
                case SHORT -> MemorySegment.ofArray(in.shorts());
                case BYTE -> MemorySegment.ofArray(in.bytes());
                case INT -> MemorySegment.ofArray(in.ints());
            };
            MemorySegment.copy(src, in.offset() * size, items, bytes, len);
            bytes += len;
            io.consume(0, n);
            return WorkResult.CONTINUE;
        }

        @Override
        public boolean segmentViews() {
            return true;
        }

        Object items() {
            MemorySegment s = items.asSlice(0, bytes);
            return switch (storage) {
                case FLOAT -> s.toArray(ValueLayout.JAVA_FLOAT_UNALIGNED);
                case SHORT -> s.toArray(ValueLayout.JAVA_SHORT_UNALIGNED);
                case BYTE -> s.toArray(ValueLayout.JAVA_BYTE);
                case INT -> s.toArray(ValueLayout.JAVA_INT_UNALIGNED);
            };
        }
    }
}
