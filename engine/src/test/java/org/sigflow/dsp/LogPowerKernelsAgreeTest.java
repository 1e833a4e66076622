package org.sigflow.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The Vector API log-power tail (vector LOG10) and the scalar one agree within 1e-4 dB, ragged lengths included. */
class LogPowerKernelsAgreeTest {

    @Test
    void vectorAndScalarAgree() {
        Random r = new Random(7);
        for (int n : new int[] {1, 7, 16, 61, 1024}) {
            float[] p = new float[n];
            for (int k = 0; k < n; k++) {
                p[k] = (float) Math.pow(10, r.nextDouble() * 12 - 8);
            }
            p[0] = 0; // floor
            float[] avgS = new float[n], avgV = new float[n], yS = new float[n], yV = new float[n];
            for (int frame = 0; frame < 3; frame++) {
                LogPowerKernels.create(false).averageToDb(p, 0, avgS, yS, 0, n, 0.3f, 0.7f, -12.5f);
                LogPowerKernels.create(true).averageToDb(p, 0, avgV, yV, 0, n, 0.3f, 0.7f, -12.5f);
            }
            for (int k = 0; k < n; k++) {
                assertEquals(avgS[k], avgV[k], 1e-6 * avgS[k], "average, n=" + n + " bin " + k);
                assertEquals(yS[k], yV[k], 1e-4, "dB, n=" + n + " bin " + k);
            }
            assertEquals(-300 - 12.5, yS[0], 1e-3);
        }
    }
}
