package org.sigflow.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * GNU Radio's {@code firdes.low_pass} accepts a cutoff at exactly half the sample rate ({@code 0 < fa <= fs/2}),
 * as GNU Radio's {@code test_qtgui_msg.grc} uses it; the design is then a unit impulse. GNU Radio 3.10's
 * {@code firdes.low_pass(1, 192000, 96000, 24000)}: 19 taps, 1.0 at the centre, the others below 4e-17.
 */
class FirdesNyquistCutoffTest {

    @Test
    void aCutoffAtNyquistDesignsGnuRadiosImpulse() {
        double[] h = Firdes.lowPass(1, 192000, 96000, 24000, WindowType.HAMMING, 6.76);
        assertEquals(19, h.length);
        for (int i = 0; i < h.length; i++) {
            assertEquals(i == 9 ? 1.0 : 0.0, h[i], 1e-12, "tap " + i);
        }
    }
}
