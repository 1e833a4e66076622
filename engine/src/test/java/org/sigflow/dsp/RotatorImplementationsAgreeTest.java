package org.sigflow.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Vector API rotator (float phasors) and the scalar one (double) agree within 1e-6 of the signal level, over
 * ragged lengths, in place and across increment changes.
 */
class RotatorImplementationsAgreeTest {

    @Test
    void vectorAndScalarAgree() {
        Random r = new Random(3);
        float[] x = new float[2 * 5000];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) r.nextGaussian();
        }
        Rotator scalar = new Rotator(0.37, false);
        Rotator vector = new Rotator(0.37, true);
        float[] ys = new float[x.length];
        float[] yv = x.clone();
        int done = 0;
        for (int n : new int[] {1, 7, 300, 1000, 13, 3679}) {
            if (n == 13) {
                scalar.setIncrement(-1.1);
                vector.setIncrement(-1.1);
            }
            scalar.rotate(x, 2 * done, ys, 2 * done, n);
            vector.rotate(yv, 2 * done, yv, 2 * done, n); // in place
            done += n;
        }
        for (int i = 0; i < x.length; i++) {
            assertEquals(ys[i], yv[i], 1e-6 * 4, "float " + i);
        }
        assertEquals(scalar.phase(), vector.phase(), 1e-12);
    }
}
