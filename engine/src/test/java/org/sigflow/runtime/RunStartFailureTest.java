package org.sigflow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.buffer.RingArena;

/**
 * A graph that fails while starting leaves nothing behind: its off-heap rings are freed, the runner threads it had
 * started have ended, every block that started was stopped (a memory node unpins there), and one message names the
 * block.
 */
class RunStartFailureTest {
    private static final PortSpec F32 = new PortSpec("p", Dtype.F32, 1);
    /** Generous bound on waits that end at once when the code is right. */
    private static final long WAIT_SECONDS = 60;

    @Test
    void aBlockWhoseStartThrowsAfterOthersRanFailsTheRunByNameAndFreesTheRings() throws Exception {
        Endless src = new Endless();
        Pinning snk = new Pinning();
        RunningGraph g = RunningGraph.start(List.of(node("src", src, List.of(), List.of(F32)),
                        node("snk", snk, List.of(F32), List.of()), node("bad", new FailsToStart(snk.reading), List.of(),
                                List.of())),
                List.of(new FlowEdge("src", 0, "snk", 0)), new RunOptions(4096));
        RunOutcome o = g.await(Duration.ofSeconds(WAIT_SECONDS)).orElseThrow();
        assertEquals(RunOutcome.Kind.FAILED, o.kind());
        assertEquals("bad", o.failure().blockId(), o.failure().describe());
        assertEquals("block 'bad' (test) failed: no device left", o.failure().describe());
        assertTrue(src.started && src.stopped, "the source started, so it must have been stopped");
        assertTrue(snk.started && snk.stopped, "the memory node started, so it must have been stopped (unpinned)");
        MemorySegment ring = snk.ring;
        assertNotNull(ring, "the sink never read its ring");
        assertTrue(ring.isNative(), "the test needs an off-heap ring");
        assertFalse(ring.scope().isAlive(), "the ring outlived its failed graph");
    }

    @Test
    void aThreadThatCannotStartAbortsTheStartJoinsTheStartedRunnersAndFreesTheRings() {
        Endless src = new Endless();
        Pinning snk = new Pinning();
        RingArena rings = new RingArena();
        Arena arena = rings.arena(); // the one the src→snk ring is allocated from
        GraphStartException e = assertThrows(GraphStartException.class, () -> RunningGraph.start(
                List.of(node("src", src, List.of(), List.of(F32)), node("snk", snk, List.of(F32), List.of()),
                        node("nothread", new NoThread(), List.of(), List.of())),
                List.of(new FlowEdge("src", 0, "snk", 0)), List.of(),
                new RunOptions(4096, Scheduling.POOL), rings));
        assertEquals("the graph could not start: the thread of block 'nothread' (test) failed: no thread left "
                + "(2 of 3 threads had started; they were stopped and the rings freed)", e.getMessage());
        assertFalse(arena.scope().isAlive(), "the rings of a graph that could not start were not freed");
        assertFalse(src.started || snk.started, "a block of a graph that could not start was started");
        assertFalse(src.stopped || snk.stopped, "a block that never started was stopped");
        for (Thread t : List.of(src.runner, snk.runner)) {
            assertNotNull(t, "a started runner did not reach its end");
            assertFalse(t.isAlive(), "a started runner still runs after the failed start returned");
        }
    }

    private static FlowNode node(String id, Block b, List<PortSpec> in, List<PortSpec> out) {
        return new FlowNode(id, "test", b, in, out);
    }

    /** Records start, stop, and the thread that ran it (the runner asks {@link #background()} as it ends). */
    abstract static class Recorded implements Block {
        volatile boolean started;
        volatile boolean stopped;
        volatile Thread runner;

        @Override
        public void start() {
            started = true;
        }

        @Override
        public void stop() {
            stopped = true;
        }

        @Override
        public boolean background() {
            if (Thread.currentThread().getName().startsWith("sigflow-")) {
                runner = Thread.currentThread();
            }
            return false;
        }

        @Override
        public boolean segmentViews() {
            return true;
        }
    }

    /** Produces items for ever (their values do not matter here). */
    static final class Endless extends Recorded {
        @Override
        public WorkResult work(WorkIo io) {
            io.produce(0, io.out(0).space());
            return WorkResult.CONTINUE;
        }
    }

    /** A memory node's stand-in: wants its ring off the heap, keeps the segment it read, counts down once it has. */
    static final class Pinning extends Recorded {
        final CountDownLatch reading = new CountDownLatch(1);
        volatile MemorySegment ring;

        @Override
        public boolean wantsOffHeapRings() {
            return true;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            if (in.available() > 0) {
                ring = in.segment();
                io.consume(0, in.available());
                reading.countDown();
            }
            return in.finished() && in.available() == 0 ? WorkResult.DONE : WorkResult.CONTINUE;
        }
    }

    /** Starts only once the others are running, then fails as a block whose device went away would. */
    record FailsToStart(CountDownLatch othersRunning) implements Block {
        @Override
        public void start() throws InterruptedException {
            if (!othersRunning.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the other blocks never ran (test setup)");
            }
            throw new IllegalStateException("no device left");
        }

        @Override
        public WorkResult work(WorkIo io) {
            return WorkResult.DONE;
        }
    }

    /** A block whose thread cannot be made (as when the process has no threads left). */
    static final class NoThread implements Block {
        @Override
        public boolean waitsOutsideJava() {
            throw new IllegalStateException("no thread left");
        }

        @Override
        public WorkResult work(WorkIo io) {
            return WorkResult.DONE;
        }
    }
}
