package org.sigflow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.runtime.TestBlocks.Collect;
import org.sigflow.runtime.TestBlocks.Ramp;

/** Placement of the sources' threads ({@code -Dsigflow.sourceCpu}): CPUs dealt, and a pinned source in a real run. */
class SourceCpuTest {
    private static FlowNode node(String id, Block b, int ins, int outs) {
        return new FlowNode(id, "test_" + id, b, Collections.nCopies(ins, TestBlocks.f32(1)),
                Collections.nCopies(outs, TestBlocks.f32(1)));
    }

    @Test
    void onlySourcesAreDealtCpusFromTheFirstAndRound() {
        SourceCpu c = new SourceCpu(3, 4);
        FlowNode src = node("src", new Ramp(1, 1, 0), 0, 1);
        FlowNode mid = node("mid", new Ramp(1, 1, 0), 1, 1);
        FlowNode sink = node("sink", new Collect(false, 16), 1, 0);
        assertEquals(3, c.next(src));
        assertEquals(-1, c.next(mid));
        assertEquals(-1, c.next(sink));
        assertEquals(0, c.next(src), "round the machine");
        assertEquals(1, c.next(src));
        assertEquals(-1, new SourceCpu(-1, 4).next(src), "off");
    }

    @Test
    void badValuesAreRefusedNamingTheProperty() {
        String before = System.getProperty("sigflow.sourceCpu");
        try {
            for (String v : List.of("abc", "-1")) {
                System.setProperty("sigflow.sourceCpu", v);
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, SourceCpu::configured);
                assertTrue(e.getMessage().contains("sigflow.sourceCpu") && e.getMessage().contains("'" + v + "'"),
                        e.getMessage());
            }
            System.setProperty("sigflow.sourceCpu", "off");
            assertEquals(-1, SourceCpu.configured().next(node("src", new Ramp(1, 1, 0), 0, 1)));
        } finally {
            restore(before);
        }
    }

    @Test
    void aPinnedSourceRunsOnItsOwnPlatformThreadOnThatCpuAndItsItemsArrive() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/status")), "Linux only");
        int cpu = Runtime.getRuntime().availableProcessors() - 1;
        Seen src = run(Integer.toString(cpu));
        assertFalse(src.virtual, "a pinned source needs a platform thread");
        assertEquals(Integer.toString(cpu), src.allowed, "the source thread's allowed CPUs");
        Seen plain = run(null);
        assertTrue(plain.virtual, "unplaced, the pool policy runs the source on a virtual thread");
        if (cpu > 0) {
            assertNotEquals(Integer.toString(cpu), plain.allowed);
        }
    }

    @Test
    void aVirtualBlockOnACarrierAPinnedThreadLeftConfinedRunsOnEveryCpu() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/status")), "Linux only");
        int cpus = Runtime.getRuntime().availableProcessors();
        assumeTrue(cpus > 1, "one CPU: nothing to confine");
        String every = allowedCpus(); // this (unpinned) thread's CPUs
        int last = cpus - 1;
        try {
            // what a carrier started by a pinned thread looks like: every carrier confined to the last CPU
            assertTrue(onEveryCarrier(List.of(last)), "sched_setaffinity from the carriers");
            Seen plain = run(null);
            assertTrue(plain.virtual);
            assertEquals(every, plain.allowed, "the virtual source's carrier when it worked");
        } finally {
            onEveryCarrier(java.util.stream.IntStream.range(0, cpus).boxed().toList()); // as before, for later tests
        }
    }

    /**
     * Pins every carrier of the virtual-thread pool: as many virtual threads as carriers, each spinning (so holding
     * its carrier) until all have started, each pinning the carrier it holds.
     */
    private static boolean onEveryCarrier(List<Integer> cpus) throws InterruptedException {
        int n = Runtime.getRuntime().availableProcessors(); // the pool's parallelism
        java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger pinned = new java.util.concurrent.atomic.AtomicInteger();
        List<Thread> ts = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            ts.add(Thread.ofVirtual().start(() -> {
                started.incrementAndGet();
                long until = System.nanoTime() + 10_000_000_000L;
                while (started.get() < n && System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                if (ThreadAffinity.pin(cpus)) {
                    pinned.incrementAndGet();
                }
            }));
        }
        for (Thread t : ts) {
            t.join();
        }
        return started.get() == n && pinned.get() == n;
    }

    /** What the source's thread was when it first worked. */
    private static final class Seen {
        volatile boolean virtual;
        volatile String allowed;
    }

    /** Runs a 200,000-item ramp into a collecting sink with the property set; checks every item, returns the source's thread. */
    private static Seen run(String sourceCpu) throws Exception {
        String before = System.getProperty("sigflow.sourceCpu");
        int n = 200_000;
        Seen seen = new Seen();
        Ramp ramp = new Ramp(n, 1, 0);
        Block src = new Block() {
            @Override
            public WorkResult work(WorkIo io) throws Exception {
                if (seen.allowed == null) {
                    seen.virtual = Thread.currentThread().isVirtual();
                    seen.allowed = allowedCpus();
                }
                return ramp.work(io);
            }
        };
        Collect sink = new Collect(false, 4096);
        RunningGraph g;
        try {
            if (sourceCpu == null) {
                System.clearProperty("sigflow.sourceCpu");
            } else {
                System.setProperty("sigflow.sourceCpu", sourceCpu);
            }
            g = RunningGraph.start(List.of(node("src", src, 0, 1), node("sink", sink, 1, 0)),
                    List.of(new FlowEdge("src", 0, "sink", 0)), new RunOptions(4096));
        } finally {
            restore(before);
        }
        RunOutcome o = g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("graph did not finish"));
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind());
        float[] got = sink.floats();
        assertEquals(n, got.length);
        for (int i = 0; i < n; i++) {
            if (got[i] != i) {
                throw new AssertionError("item " + i + ": " + got[i]);
            }
        }
        return seen;
    }

    private static String allowedCpus() throws java.io.IOException {
        for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"))) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return "";
    }

    private static void restore(String before) {
        if (before == null) {
            System.clearProperty("sigflow.sourceCpu");
        } else {
            System.setProperty("sigflow.sourceCpu", before);
        }
    }
}
