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
        assertEquals(true, p.due(230_000_000L), "30 ms late");
        assertEquals(true, p.due(300_000_000L), "the cadence kept: due at 300 ms, not 330");
        assertEquals(true, p.due(650_000_000L), "more than an interval late");
        assertEquals(false, p.due(700_000_000L), "the cadence starts again at 650 ms");
        assertEquals(true, p.due(750_000_000L));
    }

    @Test
    void deferredFramesAreMadeByTheTakerAndOnlyWhenTaken() {
        FrameChannel c = new FrameChannel();
        int[] made = {0};
        FrameSnapshots snaps = new FrameSnapshots(2, s -> {
            made[0]++;
            return List.of(new float[] {s[0] + s[1]});
        }, () -> -1, () -> 0.5);
        LatestSamples latest = new LatestSamples(1, 2);
        for (int i = 1; i <= 10; i++) {
            latest.append(new float[] {i, 10 * i}, 0, 1);
            assertEquals(true, snaps.publish(c, latest, i, i), "replaced frames give their buffers back");
        }
        assertEquals(0, made[0], "no traces are made for frames nobody took");
        assertEquals(9, c.dropped());
        DisplayFrame f = c.take();
        assertEquals(1, made[0]);
        assertEquals(10, f.sequence());
        assertEquals(-1, f.xStart());
        assertEquals(0.5, f.xStep());
        assertArrayEquals(new float[] {110}, f.traces().getFirst(), "the samples copied when it was published");
        assertNull(c.take());
    }

    @Test
    void aSnapshotInUseIsNotOverwritten() throws Exception {
        FrameChannel c = new FrameChannel();
        java.util.concurrent.CountDownLatch inside = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        FrameSnapshots snaps = new FrameSnapshots(1, s -> {
            float seen = s[0];
            inside.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return List.of(new float[] {seen, s[0]});
        }, () -> 0, () -> 1);
        LatestSamples latest = new LatestSamples(1, 1);
        latest.append(new float[] {7}, 0, 1);
        snaps.publish(c, latest, 1, 1);
        DisplayFrame[] taken = new DisplayFrame[1];
        Thread view = Thread.ofPlatform().start(() -> taken[0] = c.take());
        assertEquals(true, inside.await(30, java.util.concurrent.TimeUnit.SECONDS));
        for (int i = 0; i < 5; i++) { // the sink goes on while the view makes its frame
            latest.append(new float[] {100 + i}, 0, 1);
            snaps.publish(c, latest, 2 + i, 2 + i);
        }
        release.countDown();
        view.join(30_000);
        assertArrayEquals(new float[] {7, 7}, taken[0].traces().getFirst());
        assertArrayEquals(new float[] {104, 104}, c.take().traces().getFirst());
    }

    @Test
    void forgottenSamplesAreRefilledBeforeAFrame() {
        LatestSamples s = new LatestSamples(4, 1);
        s.append(new float[] {1, 2, 3, 4}, 0, 4);
        assertEquals(true, s.full());
        s.forget();
        assertEquals(false, s.full(), "a gap: the kept samples no longer lead up to the newest");
        s.append(new float[] {5, 6, 7}, 0, 3);
        assertEquals(false, s.full());
        s.append(new float[] {8}, 0, 1);
        float[] out = new float[4];
        s.copyTo(out);
        assertArrayEquals(new float[] {5, 6, 7, 8}, out);
    }

    @Test
    void pacerReadyDoesNotBookTheSlot() {
        FramePacer p = new FramePacer(10);
        assertEquals(true, p.ready(0));
        assertEquals(true, p.ready(1), "not booked yet");
        p.book(1);
        assertEquals(false, p.ready(50_000_000L));
        assertEquals(true, p.ready(100_000_001L));
    }
}
