package org.sigflow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A block that writes only whole pages ({@code memory_d2h} in a download group) and says so with
 * {@link OutputView#needsRoom}: after its upstream has ended it must wait for a slow reader to make a page of room,
 * not end with the pages it still holds (the runner ends a block whose inputs are exhausted and whose call made no
 * progress unless an output is blocked, and a space of less than a page but more than nothing did not count).
 */
class WholePagesTest {
    private static final int PAGE = 64;
    /** Four pages fill the writer's output ring (256 items); a short page of 37 is left when upstream ends. */
    private static final long ITEMS = 4 * PAGE + 37;

    @Test
    void aPageWriterWaitingForRoomAfterUpstreamEndedDeliversEverything() throws Exception {
        PageWriter pages = new PageWriter();
        Sink sink = new Sink(pages);
        List<FlowNode> nodes = List.of(
                new FlowNode("src", "ramp", new TestBlocks.Ramp(ITEMS, 1, 0), List.of(), List.of(TestBlocks.f32(1))),
                new FlowNode("pages", "pages", pages, List.of(TestBlocks.f32(1)), List.of(TestBlocks.f32(1))),
                new FlowNode("sink", "sink", sink, List.of(TestBlocks.f32(1)), List.of()));
        List<FlowEdge> edges = List.of(new FlowEdge("src", 0, "pages", 0), new FlowEdge("pages", 0, "sink", 0));
        RunningGraph g = RunningGraph.start(nodes, edges, new RunOptions(PAGE));
        RunOutcome o = g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("did not end"));
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), () -> String.valueOf(o.failure()));
        assertEquals(0, sink.wrong, "items out of order");
        assertEquals(ITEMS, sink.items, "items through the page writer (the short last page lost?)");
    }

    /** Copies its input a page at a time (the short last page once upstream has ended), only into a page of room. */
    private static final class PageWriter implements Block {
        volatile boolean sawEnd;
        volatile long looks;

        @Override
        public WorkResult work(WorkIo io) {
            looks++;
            InputView in = io.in(0);
            OutputView out = io.out(0);
            sawEnd |= in.finished();
            int n = Math.min(in.available(), PAGE);
            if (n == 0 || n < PAGE && !in.finished()) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            if (out.space() < n) {
                out.needsRoom(n);
                return WorkResult.CONTINUE;
            }
            System.arraycopy(in.floats(), in.offset(), out.floats(), out.offset(), n);
            io.consume(0, n);
            io.produce(0, n);
            return WorkResult.CONTINUE;
        }
    }

    /**
     * Reads nothing until the writer has seen its upstream end (its ring then full, the short page waiting), then one
     * item per look of the writer at its room, so the writer sees every room from 1 item up; everything once the
     * writer has ended. Checks the ramp.
     */
    private static final class Sink implements Block {
        private final PageWriter writer;
        private long seenLooks = -1;
        volatile long items;
        volatile long wrong;

        Sink(PageWriter writer) {
            this.writer = writer;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            int n = in.available();
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            if (!in.upstreamDone()) {
                long looks = writer.looks;
                if (!writer.sawEnd || looks == seenLooks) {
                    return WorkResult.CONTINUE; // (parks briefly: the runner polls)
                }
                seenLooks = looks;
                n = 1;
            }
            float[] a = in.floats();
            for (int i = 0; i < n; i++) {
                wrong += a[in.offset() + i] == (float) (items + i) ? 0 : 1;
            }
            items += n;
            io.consume(0, n);
            return WorkResult.CONTINUE;
        }
    }
}
