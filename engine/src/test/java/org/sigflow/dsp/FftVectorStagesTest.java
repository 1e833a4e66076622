package org.sigflow.dsp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Vector API stages of the radix-2 FFT compute the same transform as the scalar stages, and both match a float64
 * DFT (tolerance: rms error over rms of the result, 1e-5 as for the numpy references).
 */
class FftVectorStagesTest {

    @ParameterizedTest
    @ValueSource(ints = {16, 32, 64, 256, 1024, 4096, 65536})
    void vectorAndScalarStagesAgreeAndMatchADoubleDft(int n) {
        Radix2Fft fft = Radix2Fft.of(n);
        SplittableRandom rnd = new SplittableRandom(n);
        float[] x = new float[2 * n + 6]; // offset 6: frames do not start at element 0 in a ring buffer
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) rnd.nextDouble(-1, 1);
        }
        for (boolean inverse : new boolean[] {false, true}) {
            float[] scalar = x.clone();
            float[] vector = x.clone();
            fft.transform(scalar, 6, inverse, false);
            fft.transform(vector, 6, inverse, true);
            double[] ref = n <= 4096 ? dft(x, 6, n, inverse) : null;
            double err = 0;
            double errRef = 0;
            double power = 0;
            for (int i = 0; i < 2 * n; i++) {
                double s = scalar[6 + i];
                err += (vector[6 + i] - s) * (vector[6 + i] - s);
                power += s * s;
                if (ref != null) {
                    errRef += (vector[6 + i] - ref[i]) * (vector[6 + i] - ref[i]);
                }
            }
            assertTrue(Math.sqrt(err / power) < 1e-6, n + (inverse ? " inverse" : " forward") + ": vector vs scalar "
                    + Math.sqrt(err / power));
            if (ref != null) {
                assertTrue(Math.sqrt(errRef / power) < 1e-5, n + ": vector vs float64 DFT " + Math.sqrt(errRef / power));
            }
            for (int i = 0; i < 6; i++) {
                assertTrue(vector[i] == x[i], "the transform must not touch data before its offset");
            }
        }
        assertTrue(fft.hasVectorStages() || !Simd.ENABLED);
    }

    private static double[] dft(float[] x, int off, int n, boolean inverse) {
        double[] out = new double[2 * n];
        double sign = inverse ? 1 : -1;
        for (int k = 0; k < n; k++) {
            double re = 0;
            double im = 0;
            for (int t = 0; t < n; t++) {
                double a = sign * 2 * Math.PI * ((long) k * t % n) / n;
                double c = Math.cos(a);
                double s = Math.sin(a);
                re += x[off + 2 * t] * c - x[off + 2 * t + 1] * s;
                im += x[off + 2 * t] * s + x[off + 2 * t + 1] * c;
            }
            out[2 * k] = re;
            out[2 * k + 1] = im;
        }
        return out;
    }
}
