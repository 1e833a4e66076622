package org.sigflow.app.views;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class AutoScaleTest {

    @Test
    void roundsUpToOneTwoFive() {
        assertEquals(1, AutoScale.roundUp(0.95), 1e-12);
        assertEquals(1, AutoScale.roundUp(1.0), 1e-12);
        assertEquals(2, AutoScale.roundUp(1.4), 1e-12); // never below the trace: 1.4 does not fit in ±1
        assertEquals(5, AutoScale.roundUp(2.2), 1e-12);
        assertEquals(10, AutoScale.roundUp(7.6), 1e-12);
        assertEquals(0.02, AutoScale.roundUp(0.0151), 1e-15);
        assertEquals(1, AutoScale.roundUp(0), 1e-12);
        assertEquals(1, AutoScale.roundUp(Double.NaN), 1e-12);
    }

    @Test
    void noisePeaksAroundARoundValueKeepOneRange() {
        AutoScale a = new AutoScale(1.1);
        Random r = new Random(5);
        a.update(1.5); // the first peak sets 2
        for (int i = 0; i < 1000; i++) { // peaks between 0.7 and 1.3 (need 0.77–1.43): 1 or 2, never a value between
            double got = a.update(0.7 + 0.6 * r.nextDouble());
            assertEquals(2, got, 1e-12, "frame " + i); // a frame needing 2 comes at least every 30 frames
        }
    }

    @Test
    void growsAtOnceAndShrinksOnlyAfterTheHold() {
        AutoScale a = new AutoScale(1.1);
        assertEquals(5, a.update(4), 1e-12); // 4.4 → 5 at once
        for (int i = 1; i < AutoScale.HOLD_FRAMES; i++) {
            assertEquals(5, a.update(i % 2 == 0 ? 0.3 : 1.2), 1e-12, "held at frame " + i);
        }
        assertEquals(2, a.update(0.3), 1e-12); // the largest need of the held frames (1.32 → 2), not the last one's
        for (int i = 1; i < AutoScale.HOLD_FRAMES; i++) {
            assertEquals(2, a.update(0.3), 1e-12, "held again at frame " + i);
        }
        assertEquals(0.5, a.update(0.3), 1e-12); // 30 frames in a row needing 0.33
        assertTrue(a.update(3) >= 3.3, "a peak above the range is shown at once");
    }
}
