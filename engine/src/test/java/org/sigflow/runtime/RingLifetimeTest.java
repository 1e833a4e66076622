package org.sigflow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.catalog.Dtype;

/**
 * A running graph's off-heap rings live exactly as long as the graph: freed once every block has stopped, not when
 * the garbage collector finds them (a JVM running large-ring graphs one after another ran out of direct memory).
 */
class RingLifetimeTest {
    /** What both ends ask for: 32 MiB chunks, so 128 MiB rings (the untouched rings' large setting). */
    static final long CHUNK_BYTES = 32L << 20;
    private static final PortSpec F32 = new PortSpec("p", Dtype.F32, 1);

    @Test
    void ringsOfAFinishedGraphAreFreedAndItsItemsWereRight() throws Exception {
        RampSink sink = new RampSink();
        RunningGraph g = run(new RampSource(3L * (CHUNK_BYTES / 4) + 12_345), sink);
        assertEquals(RunOutcome.Kind.COMPLETED, g.await(Duration.ofSeconds(120)).orElseThrow().kind());
        assertEquals(3L * (CHUNK_BYTES / 4) + 12_345, sink.items);
        assertEquals(0, sink.wrong, "items that were not the source's ramp");
        MemorySegment ring = sink.ring;
        assertNotNull(ring, "the ring was not off the heap: the test needs -Dsigflow.memory.offHeapRings=always");
        assertEquals(4 * CHUNK_BYTES, ring.byteSize(), "ring of four 32 MiB chunks");
        assertFalse(ring.scope().isAlive(), "the ring outlived its graph");
    }

    @Test
    void aLateReaderOfAStoppedGraphsRingGetsAnExceptionNotFreedMemory() throws Exception {
        RampSink sink = new RampSink();
        RunningGraph g = run(new RampSource(Long.MAX_VALUE), sink);
        while (sink.ring == null && g.isRunning()) {
            Thread.onSpinWait(); // bounded: the source writes at once, and the await below has a limit
            g.await(Duration.ofMillis(10));
        }
        MemorySegment ring = sink.ring;
        assertNotNull(ring);
        AtomicReference<Throwable> seen = new AtomicReference<>();
        Thread late = Thread.ofPlatform().daemon().start(() -> { // a view that kept the segment and keeps reading
            try {
                long sum = 0;
                while (true) {
                    for (long b = 0; b < ring.byteSize(); b += 4096) {
                        sum += ring.get(ValueLayout.JAVA_BYTE, b);
                    }
                    if (sum == Long.MIN_VALUE) {
                        return;
                    }
                }
            } catch (Throwable t) {
                seen.set(t);
            }
        });
        g.stop();
        assertEquals(RunOutcome.Kind.STOPPED, g.await(Duration.ofSeconds(120)).orElseThrow().kind());
        assertFalse(ring.scope().isAlive(), "the ring outlived its stopped graph");
        late.join(TimeUnit.SECONDS.toMillis(60));
        assertFalse(late.isAlive(), "the late reader still reads a freed ring");
        assertTrue(seen.get() instanceof IllegalStateException, "expected 'Already closed', got " + seen.get());
        assertEquals(0, sink.wrong);
    }

    /**
     * Runs eight 128 MiB-ring graphs one after another in a small JVM, keeping every ended graph's handle (as the
     * designer keeps its last run), and checks the process's resident memory after each: with the rings freed at
     * each graph's end it stays within one and a half rings of where it started; rings left to the garbage collector (or to a
     * shared arena never closed, which is not even counted against -XX:MaxDirectMemorySize) add 128 MiB per graph.
     * Each ring is zeroed on allocation, so its pages are resident until freed; glibc maps blocks this large on
     * their own and unmaps them on free.
     */
    @Test
    void manyLargeRingGraphsOneAfterAnotherReturnTheirMemory(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "needs /proc/self/status (Linux)");
        Path log = dir.resolve("child.log");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-Xmx128m", "-XX:MaxDirectMemorySize=320m",
                "-Dsigflow.memory.offHeapRings=always", "-cp", System.getProperty("java.class.path"),
                RingLifetimeTest.class.getName(), "8")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = p.waitFor(5, TimeUnit.MINUTES); // a generous bound, not a timing: it takes seconds
        if (!ended) {
            p.destroyForcibly();
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(ended, "child did not end: " + out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("8 graphs ok"), out);
    }

    /** Resident memory growth the run may show: one and a half rings (slack for the heap and JIT; one kept: 2). */
    static final long RSS_SLACK_BYTES = 6 * CHUNK_BYTES;

    /** The child of the test above: runs N graphs, keeping their handles; exit 1 on wrong items or memory kept. */
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        List<RunningGraph> kept = new ArrayList<>();
        long base = 0;
        for (int i = 0; i < n; i++) {
            RampSink sink = new RampSink();
            RunningGraph g = run(new RampSource(CHUNK_BYTES / 2), sink); // allocates the ring, writes half a chunk
            RunOutcome o = g.await(Duration.ofSeconds(120)).orElseThrow();
            if (o.kind() != RunOutcome.Kind.COMPLETED || sink.wrong != 0 || sink.items != CHUNK_BYTES / 2) {
                System.out.println("graph " + i + ": " + o + ", " + sink.items + " items, " + sink.wrong + " wrong");
                System.exit(1);
            }
            kept.add(g);
            long rss = residentBytes();
            if (i == 0) {
                base = rss; // after the first graph: classes loaded, code compiled
            }
            System.out.println("graph " + i + ": resident " + (rss >> 20) + " MiB");
            if (rss - base > RSS_SLACK_BYTES) {
                System.out.println("resident memory grew by " + ((rss - base) >> 20) + " MiB over " + i
                        + " graphs: their rings were not freed");
                System.exit(1);
            }
        }
        System.out.println(kept.size() + " graphs ok");
    }

    private static long residentBytes() throws java.io.IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) << 10;
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }

    private static RunningGraph run(RampSource source, RampSink sink) {
        String old = System.getProperty("sigflow.memory.offHeapRings");
        System.setProperty("sigflow.memory.offHeapRings", "always");
        try {
            return RunningGraph.start(List.of(new FlowNode("src", "ramp", source, List.of(), List.of(F32)),
                            new FlowNode("snk", "check", sink, List.of(F32), List.of())),
                    List.of(new FlowEdge("src", 0, "snk", 0)), new RunOptions(4096));
        } finally {
            if (old == null) {
                System.clearProperty("sigflow.memory.offHeapRings");
            } else {
                System.setProperty("sigflow.memory.offHeapRings", old);
            }
        }
    }

    /** Item {@code i} is {@code i mod 2^20}, as a float (exact). */
    static float ramp(long i) {
        return (float) (i & ((1 << 20) - 1));
    }

    /** An end that reaches its ring through segment views only and asks for large off-heap rings. */
    interface LargeRingEnd extends Block {
        @Override
        default boolean segmentViews() {
            return true;
        }

        @Override
        default long offHeapChunkBytes() {
            return CHUNK_BYTES;
        }
    }

    /** Writes the ramp through segment views. */
    static final class RampSource implements LargeRingEnd {
        private final long total;
        private long at;

        RampSource(long total) {
            this.total = total;
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView o = io.out(0);
            MemorySegment s = o.segment();
            int n = (int) Math.min(o.space(), total - at);
            if (n == 0) {
                return at == total ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            for (int k = 0; k < n; k++) {
                s.setAtIndex(ValueLayout.JAVA_FLOAT, o.offset() + k, ramp(at + k));
            }
            at += n;
            io.produce(0, n);
            return WorkResult.CONTINUE;
        }
    }

    /** Checks the ramp through segment views; keeps the ring it saw. */
    static final class RampSink implements LargeRingEnd {
        volatile MemorySegment ring;
        volatile long items;
        volatile long wrong;

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            ring = in.segment();
            int n = in.available();
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            long bad = 0;
            for (int k = 0; k < n; k++) {
                bad += in.segment().getAtIndex(ValueLayout.JAVA_FLOAT, in.offset() + k) != ramp(items + k) ? 1 : 0;
            }
            wrong += bad; // single writer: the block's thread
            items += n;
            io.consume(0, n);
            return WorkResult.CONTINUE;
        }
    }
}
