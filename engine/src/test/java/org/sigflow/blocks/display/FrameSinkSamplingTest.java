package org.sigflow.blocks.display;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.display.DisplayFrame;
import org.sigflow.runtime.BlockHarness;

/**
 * A display sink samples its input: the frame it publishes holds the newest samples at the moment the frame was due,
 * contiguous, whether the input comes in pieces larger or smaller than a frame. The update rate here is one frame
 * per 1000 s, so exactly one frame is due (the first), whatever the machine's speed.
 */
class FrameSinkSamplingTest {
    private static float[] ramp(int n) {
        float[] r = new float[n];
        for (int i = 0; i < n; i++) {
            r[i] = i;
        }
        return r;
    }

    private static DisplayFrame onlyFrame(TimeSink.Scope sink, int chunk) throws Exception {
        BlockHarness.of(sink).chunk(chunk).input(Dtype.F32, 1, ramp(100)).run();
        assertEquals(1, sink.frames().published(), "one frame due in the run");
        DisplayFrame f = sink.frames().take();
        assertNull(sink.frames().take());
        return f;
    }

    @Test
    void pieceLargerThanAFrame() throws Exception {
        DisplayFrame f = onlyFrame(new TimeSink.Scope(4, false, 1, 1e-3), 10);
        assertArrayEquals(new float[] {6, 7, 8, 9}, f.traces().getFirst(), "the last 4 of the first piece");
        assertEquals(10, f.sampleCount());
    }

    @Test
    void piecesSmallerThanAFrameAreJoined() throws Exception {
        DisplayFrame f = onlyFrame(new TimeSink.Scope(4, false, 1, 1e-3), 3);
        assertArrayEquals(new float[] {2, 3, 4, 5}, f.traces().getFirst(), "due from the start, full after 6");
        assertEquals(6, f.sampleCount());
    }

    /** A scope of 4 points asking for 1000 frames/s, fed 100 items in 10 calls, its clock STEP ms on per call. */
    private static TimeSink.Scope pacedRun(long stepMillis, int takeBeforeCall, DisplayFrame[] taken) throws Exception {
        TimeSink.Scope sink = new TimeSink.Scope(4, false, 1, 1000);
        long[] now = {0};
        sink.clock = () -> now[0];
        BlockHarness.of(sink).chunk(10).feedEvery(1).beforeCall(call -> {
            now[0] = call * stepMillis * 1_000_000L;
            if (call == takeBeforeCall) {
                taken[0] = sink.frames().take();
            }
        }).input(Dtype.F32, 1, ramp(100)).run();
        return sink;
    }

    @Test
    void aDueFrameWaitsUntilTheLastOneIsTakenSoNoneIsDropped() throws Exception {
        DisplayFrame[] taken = new DisplayFrame[1];
        TimeSink.Scope sink = pacedRun(1, 5, taken); // due on every call; the view takes once, before call 5
        assertArrayEquals(new float[] {6, 7, 8, 9}, taken[0].traces().getFirst(), "the first frame waited");
        assertEquals(2, sink.frames().published(), "one frame per take, not one per due call");
        assertEquals(0, sink.frames().dropped());
        assertArrayEquals(new float[] {56, 57, 58, 59}, sink.frames().take().traces().getFirst(),
                "the next one made right after the take, of the newest samples then");
    }

    @Test
    void aFrameNobodyTakesIsReplacedAfterFourIntervalsOrAtLeast100Ms() throws Exception {
        TimeSink.Scope sink = pacedRun(30, -1, new DisplayFrame[1]); // calls 30 ms apart, never taken
        assertEquals(3, sink.frames().published(), "at 0, 120 and 240 ms");
        assertEquals(2, sink.frames().dropped());
        assertArrayEquals(new float[] {86, 87, 88, 89}, sink.frames().take().traces().getFirst());
    }
}
