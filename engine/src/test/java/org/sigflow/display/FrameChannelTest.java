package org.sigflow.display;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;

class FrameChannelTest {

    private static DisplayFrame frame(long seq) {
        return new DisplayFrame(seq, 0, 1, List.of(new float[] {seq}), seq);
    }

    @Test
    void latestFrameWinsAndReplacedFramesCountAsDropped() {
        FrameChannel c = new FrameChannel();
        assertNull(c.take());
        c.publish(frame(1));
        c.publish(frame(2));
        DisplayFrame three = frame(3);
        c.publish(three);
        assertSame(three, c.take());
        assertNull(c.take(), "a frame is taken once");
        c.publish(frame(4));
        assertEquals(4, c.published());
        assertEquals(2, c.dropped());
    }

    @Test
    void latestSamplesKeepsTheNewestItemsInOrder() {
        LatestSamples s = new LatestSamples(4, 2);
        s.append(new float[] {1, 1, 2, 2, 3, 3}, 0, 3);
        assertEquals(false, s.full());
        s.append(new float[] {9, 4, 4, 5, 5}, 1, 2);
        float[] out = new float[8];
        s.copyTo(out);
        assertArrayEquals(new float[] {2, 2, 3, 3, 4, 4, 5, 5}, out);
        float[] big = new float[20];
        for (int i = 0; i < 20; i++) {
            big[i] = i;
        }
        s.append(big, 0, 10); // more than the capacity at once
        s.copyTo(out);
        assertArrayEquals(new float[] {12, 13, 14, 15, 16, 17, 18, 19}, out);
    }

    @Test
    void pacerAllowsOneFramePerInterval() {
        FramePacer p = new FramePacer(10); // 100 ms
        assertEquals(true, p.due(0));
        assertEquals(false, p.due(50_000_000L));
        assertEquals(true, p.due(100_000_000L));
        assertEquals(false, p.due(199_000_000L));
    }
}
