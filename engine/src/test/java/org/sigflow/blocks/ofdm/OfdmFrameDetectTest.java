package org.sigflow.blocks.ofdm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ChannelModel;
import org.sigflow.ofdm.Wifi80211a;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.Tag;

/**
 * The 802.11a front end's first stage: 200 frames through the channel model (two-path channel, frequency offset
 * 0.01 cycles/sample, noise at an SNR per sample of the data part), then the delayed-autocorrelation detector
 * (delay 16, window 48). A detection counts when its tag falls inside the frame's training fields. Prints the
 * detection rate vs SNR ({@code DETECT} lines, docs/research.md).
 */
class OfdmFrameDetectTest {
    private static final double CFO = 0.01;
    private static final int FRAMES = 200;

    /** {detected frames, false alarms, worst |coarse offset - true| (rad/sample)} at an SNR. */
    private static double[] run(double snrDb, double threshold) throws Exception {
        Wifi80211a w = new Wifi80211a(4, 400, 0.5, 3);
        float[] x = new float[2 * w.length() * FRAMES];
        for (int f = 0; f < FRAMES; f++) {
            w.write(f, x, 2 * w.length() * f);
        }
        double noise = 0.5 * Math.sqrt(52 / 64.0) * Math.pow(10, -snrDb / 20);
        float[] y = new float[x.length];
        new ChannelModel(new float[] {0.9f, 0f, 0.3f, -0.2f}, CFO, noise, 11).process(x, 0, y, 0, x.length / 2);
        BlockHarness h = BlockHarness.of(new OfdmFrameDetectBlock(16, 48, threshold, 24, 320)).input(y, true)
                .output(Dtype.CF32, 1).chunk(1000).run();
        List<Tag> tags = h.tags(0);
        boolean[] found = new boolean[FRAMES];
        int falseAlarms = 0;
        double worst = 0;
        for (Tag t : tags) {
            long f = t.offset() / w.length();
            long into = t.offset() - f * w.length() - w.preambleStart();
            if (into >= 0 && into < Wifi80211a.STF + Wifi80211a.LTF && !found[(int) f]) {
                found[(int) f] = true;
                worst = Math.max(worst, Math.abs((Double) t.value() - 2 * Math.PI * CFO));
            } else {
                falseAlarms++;
            }
        }
        int detected = 0;
        for (boolean b : found) {
            detected += b ? 1 : 0;
        }
        System.out.printf("DETECT threshold %.1f, snr %5.1f dB: %3d of %d frames, %d false alarms, coarse offset error"
                + " <= %.2e rad/sample%n", threshold, snrDb, detected, FRAMES, falseAlarms, worst);
        return new double[] {detected, falseAlarms, worst};
    }

    @Test
    void detectsEveryFrameAtTenDecibelsWithTheFrequencyOffset() throws Exception {
        double[] r = run(10, 0.7);
        assertEquals(FRAMES, r[0], "detected");
        assertEquals(0, r[1], "false alarms");
        assertTrue(r[2] < 0.01, "coarse frequency offset error " + r[2]);
    }

    @Test
    void detectionRateFallsWithTheSnrAndALowerThresholdReachesFurther() throws Exception {
        double[] snrs = {-5, 0, 2, 5, 20};
        for (double threshold : new double[] {0.7, 0.4}) {
            double[] detected = new double[snrs.length];
            for (int i = 0; i < snrs.length; i++) {
                double[] r = run(snrs[i], threshold);
                detected[i] = r[0];
                assertTrue(r[1] <= (threshold > 0.5 ? 0 : 5), "false alarms at threshold " + threshold + ": " + r[1]);
            }
            assertEquals(FRAMES, detected[snrs.length - 1], "all frames at 20 dB");
            assertTrue(detected[0] < detected[snrs.length - 1], "fewer detections at -5 dB: " + detected[0]);
        }
        assertEquals(FRAMES, run(5, 0.4)[0], "threshold 0.4 finds every frame at 5 dB");
    }
}
