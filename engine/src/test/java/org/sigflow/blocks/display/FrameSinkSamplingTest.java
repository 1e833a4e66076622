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
}
