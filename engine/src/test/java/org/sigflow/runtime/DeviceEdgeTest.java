package org.sigflow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import org.junit.jupiter.api.Test;

/**
 * The runtime side of CUDA edges without a GPU: blocks that declare device ports get a sample-less token ring that
 * counts items, carries tags and end-of-stream and wakes neighbours, while the "pages" travel in the writer's
 * attachment (here a Java queue standing in for the device page ring, with the same back-pressure by page count).
 */
class DeviceEdgeTest {

    /** A bounded queue of pages: the writer waits (returns without progress) when all are taken. */
    static final class Pages {
        final ArrayBlockingQueue<float[]> queue = new ArrayBlockingQueue<>(3);
    }

    /** Host ring in, "device" pages out, {@code page} items at a time (the last page may be short). */
    static final class Upload implements Block {
        final int page;
        final Pages pages = new Pages();
        final List<Float> buffer = new ArrayList<>();

        Upload(int page) {
            this.page = page;
        }

        @Override
        public boolean outputOnDevice(int port) {
            return true;
        }

        @Override
        public WorkResult work(WorkIo io) {
            if (io.out(0).attachment() == null) {
                io.out(0).attach(pages);
            }
            InputView in = io.in(0);
            int take = Math.min(in.available(), page - buffer.size());
            for (int i = 0; i < take; i++) {
                buffer.add(in.floats()[in.offset() + i]);
            }
            io.consume(0, take);
            boolean last = in.finished() && take == in.available();
            if ((buffer.size() == page || (last && !buffer.isEmpty())) && pages.queue.remainingCapacity() > 0) {
                float[] p = new float[buffer.size()];
                for (int i = 0; i < p.length; i++) {
                    p[i] = buffer.get(i);
                }
                pages.queue.add(p);
                buffer.clear();
                io.produce(0, p.length);
            }
            return last && buffer.isEmpty() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
    }

    /** "Device" pages in, each item doubled (a stand-in for a kernel), pages out. */
    static class Twice implements Block {
        final Pages out = new Pages();

        @Override
        public boolean inputOnDevice(int port) {
            return true;
        }

        @Override
        public boolean outputOnDevice(int port) {
            return true;
        }

        @Override
        public WorkResult work(WorkIo io) {
            if (io.out(0).attachment() == null) {
                io.out(0).attach(out);
            }
            if (io.in(0).available() == 0) {
                return io.in(0).finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            if (out.queue.remainingCapacity() == 0) {
                return WorkResult.CONTINUE;
            }
            float[] p = ((Pages) io.in(0).attachment()).queue.poll();
            for (int i = 0; i < p.length; i++) {
                p[i] *= 2;
            }
            out.queue.add(p);
            io.consume(0, p.length);
            io.produce(0, p.length);
            return WorkResult.CONTINUE;
        }
    }

    /** {@link Twice} with a second device output, left unconnected here (as complex_to_float's optional im). */
    static final class TwiceAndSpare extends Twice {
        final boolean spareOptional;
        volatile Boolean spareConnected;

        TwiceAndSpare(boolean spareOptional) {
            this.spareOptional = spareOptional;
        }

        @Override
        public boolean deviceOutputOptional(int port) {
            return spareOptional && port == 1;
        }

        @Override
        public WorkResult work(WorkIo io) {
            spareConnected = io.out(1).connected();
            return super.work(io);
        }
    }

    /** "Device" pages in, host ring out, as far as the ring has space. */
    static final class Download implements Block {
        float[] page;
        int at;

        @Override
        public boolean inputOnDevice(int port) {
            return true;
        }

        @Override
        public WorkResult work(WorkIo io) {
            if (page == null && io.in(0).available() > 0) {
                page = ((Pages) io.in(0).attachment()).queue.poll();
                io.consume(0, page.length);
            }
            if (page != null) {
                int n = Math.min(io.out(0).space(), page.length - at);
                System.arraycopy(page, at, io.out(0).floats(), io.out(0).offset(), n);
                io.produce(0, n);
                at += n;
                if (at == page.length) {
                    page = null;
                    at = 0;
                }
            }
            return page == null && io.in(0).finished() && io.in(0).available() == 0
                    ? WorkResult.DONE : WorkResult.CONTINUE;
        }
    }

    /** Collects floats and tags. */
    static final class Collect implements Block {
        final List<Float> values = new ArrayList<>();
        final List<Tag> tags = new ArrayList<>();

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            int n = in.available();
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            for (int i = 0; i < n; i++) {
                values.add(in.floats()[in.offset() + i]);
            }
            tags.addAll(in.tags(n));
            io.consume(0, n);
            return WorkResult.CONTINUE;
        }
    }

    private static FlowNode node(String id, Block b, int ins, int outs) {
        return new FlowNode(id, id, b, java.util.Collections.nCopies(ins, TestBlocks.f32(1)),
                java.util.Collections.nCopies(outs, TestBlocks.f32(1)));
    }

    @Test
    void pagesItemsTagsAndEndOfStreamCrossADeviceSection() throws Exception {
        int count = 100_003; // not a whole number of pages: the last one is short
        Collect sink = new Collect();
        RunningGraph g = RunningGraph.start(List.of(
                        node("src", new TestBlocks.Ramp(count, 1, 10_000), 0, 1),
                        node("up", new Upload(4096), 1, 1),
                        node("twice", new Twice(), 1, 1),
                        node("down", new Download(), 1, 1),
                        node("sink", sink, 1, 0)),
                List.of(new FlowEdge("src", 0, "up", 0), new FlowEdge("up", 0, "twice", 0),
                        new FlowEdge("twice", 0, "down", 0), new FlowEdge("down", 0, "sink", 0)),
                new RunOptions(1000));
        RunOutcome o = g.await(Duration.ofSeconds(30)).orElseThrow(() -> new AssertionError("graph did not end"));
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), () -> String.valueOf(o.failure()));
        assertEquals(count, sink.values.size());
        for (int i = 0; i < count; i++) {
            assertEquals(2f * i, sink.values.get(i), "item " + i);
        }
        List<Long> offsets = sink.tags.stream().map(Tag::offset).toList();
        List<Long> want = new ArrayList<>();
        for (long t = 0; t < count; t += 10_000) {
            want.add(t);
        }
        assertEquals(want, offsets, "tags keep their absolute offsets across the device section");
    }

    @Test
    void aDeviceOutputFeedingAHostInputIsRefusedWithAClearMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunningGraph.start(List.of(
                        node("src", new TestBlocks.Ramp(10, 1, 0), 0, 1),
                        node("up", new Upload(4), 1, 1),
                        node("sink", new Collect(), 1, 0)),
                List.of(new FlowEdge("src", 0, "up", 0), new FlowEdge("up", 0, "sink", 0)), new RunOptions(1000)));
        assertTrue(e.getMessage().contains("Memory GPGPU→CPU"), e.getMessage());
    }

    @Test
    void anOptionalDeviceOutputMayStayUnconnectedAndItsBlockKnows() throws Exception {
        Collect sink = new Collect();
        TwiceAndSpare twice = new TwiceAndSpare(true);
        RunningGraph g = RunningGraph.start(List.of(
                        node("src", new TestBlocks.Ramp(10_001, 1, 0), 0, 1),
                        node("up", new Upload(1000), 1, 1),
                        node("twice", twice, 1, 2),
                        node("down", new Download(), 1, 1),
                        node("sink", sink, 1, 0)),
                List.of(new FlowEdge("src", 0, "up", 0), new FlowEdge("up", 0, "twice", 0),
                        new FlowEdge("twice", 0, "down", 0), new FlowEdge("down", 0, "sink", 0)),
                new RunOptions(1000));
        RunOutcome o = g.await(Duration.ofSeconds(30)).orElseThrow(() -> new AssertionError("graph did not end"));
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), () -> String.valueOf(o.failure()));
        assertEquals(10_001, sink.values.size());
        assertEquals(2f * 10_000, sink.values.getLast());
        assertEquals(Boolean.FALSE, twice.spareConnected, "the block sees its optional output has no reader");
    }

    @Test
    void anUnconnectedDeviceOutputThatIsNotOptionalIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunningGraph.start(List.of(
                        node("src", new TestBlocks.Ramp(10, 1, 0), 0, 1),
                        node("up", new Upload(4), 1, 1),
                        node("twice", new TwiceAndSpare(false), 1, 2),
                        node("down", new Download(), 1, 1),
                        node("sink", new Collect(), 1, 0)),
                List.of(new FlowEdge("src", 0, "up", 0), new FlowEdge("up", 0, "twice", 0),
                        new FlowEdge("twice", 0, "down", 0), new FlowEdge("down", 0, "sink", 0)), new RunOptions(1000)));
        assertEquals("GPU output 1 of 'twice' is not connected", e.getMessage());
    }

    @Test
    void aHostOutputFeedingADeviceInputIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunningGraph.start(List.of(
                        node("src", new TestBlocks.Ramp(10, 1, 0), 0, 1),
                        node("twice", new Twice(), 1, 1),
                        node("down", new Download(), 1, 1),
                        node("sink", new Collect(), 1, 0)),
                List.of(new FlowEdge("src", 0, "twice", 0), new FlowEdge("twice", 0, "down", 0),
                        new FlowEdge("down", 0, "sink", 0)), new RunOptions(1000)));
        assertTrue(e.getMessage().contains("Memory CPU→GPGPU"), e.getMessage());
    }
}
