package org.sigflow.dsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** FFT against numpy.fft (float64): rms error / rms(output) <= 1e-5 for sizes 1..4096, radix-2 and Bluestein. */
class FftTest {

    @Test
    void matchesNumpyForwardAndInverse() {
        for (var c : ReferenceData.cases("fft")) {
            int n = c.integer("n");
            float[] x = c.inputFloats("x");
            Fft fft = Fft.of(n);
            fft.transform(x, 0, c.params().get("inverse").asBoolean(), FftScaling.NONE);
            c.assertMatches("y", x);
        }
    }

    @Test
    void worksAtAnOffsetAndRoundTripsWithScaling() {
        for (int n : new int[] {7, 16, 12, 1000}) {
            Random r = new Random(n);
            float[] buf = new float[2 * n + 6];
            for (int i = 0; i < buf.length; i++) {
                buf[i] = (float) r.nextGaussian();
            }
            float[] orig = buf.clone();
            Fft fft = Fft.of(n);
            fft.transform(buf, 3, false, FftScaling.ONE_OVER_SQRT_N);
            fft.transform(buf, 3, true, FftScaling.ONE_OVER_SQRT_N);
            assertArrayEquals(orig, buf, 2e-5f, "n=" + n);
            fft.transform(buf, 3, false, FftScaling.NONE);
            fft.transform(buf, 3, true, FftScaling.ONE_OVER_N);
            assertArrayEquals(orig, buf, 2e-5f, "n=" + n);
        }
    }

    @Test
    void fftshiftPutsDcAtHalfLikeNumpy() {
        for (int n : new int[] {4, 5}) {
            float[] x = new float[2 * n];
            for (int i = 0; i < n; i++) {
                x[2 * i] = i;
            }
            float[] s = new float[2 * n];
            Fft.fftshift(x, 0, s, 0, n);
            assertEquals(0f, s[2 * (n / 2)]); // numpy: fftshift(arange(5)) = [3, 4, 0, 1, 2]
            float[] back = new float[2 * n];
            Fft.ifftshift(s, 0, back, 0, n);
            assertArrayEquals(x, back);
        }
    }
}
