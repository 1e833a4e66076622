package org.sigflow.display;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.sigflow.dsp.WindowType;
import org.junit.jupiter.api.Test;

/**
 * Checks the spectrum against closed-form values: a tone on a bin centre puts its whole windowed energy in that bin,
 * so with the window gain divided out it reads exactly 20 log10(amplitude) dBFS. Tolerance 0.001 dB (float FFT).
 */
class SpectrumEstimatorTest {
    private static final int N = 256;

    private static float[] complexTone(double amplitude, int bin) {
        float[] x = new float[2 * N];
        for (int i = 0; i < N; i++) {
            double ph = 2 * Math.PI * bin * i / N;
            x[2 * i] = (float) (amplitude * Math.cos(ph));
            x[2 * i + 1] = (float) (amplitude * Math.sin(ph));
        }
        return x;
    }

    @Test
    void complexToneReadsItsAmplitudeInDbfsAtItsBin() {
        SpectrumEstimator s = new SpectrumEstimator(N, false, WindowType.BLACKMAN_HARRIS.makeFloat(N, 0));
        s.add(complexTone(0.5, -20), 1);
        float[] db = s.averageDb();
        assertEquals(N, db.length);
        int peak = argmax(db);
        assertEquals(N / 2 - 20, peak, "DC sits in the centre bin; -20 bins is left of it");
        assertEquals(20 * Math.log10(0.5), db[peak], 1e-3);
        assertEquals(-32000.0, s.startFrequency(64000, 0), 0, "the first bin is -fs/2");
    }

    @Test
    void realCosineReadsItsAmplitudeOnTheOneSidedSpectrum() {
        SpectrumEstimator s = new SpectrumEstimator(N, true, WindowType.HANN.makeFloat(N, 0));
        float[] x = new float[N];
        for (int i = 0; i < N; i++) {
            x[i] = (float) (0.25 * Math.cos(2 * Math.PI * 30 * i / N));
        }
        s.add(x, 1);
        float[] db = s.averageDb();
        assertEquals(N / 2, db.length);
        assertEquals(30, argmax(db));
        assertEquals(20 * Math.log10(0.25), db[30], 1e-3);
        assertEquals(100.0, s.startFrequency(8000, 100), 0, "a one-sided spectrum starts at the centre frequency");
    }

    @Test
    void averagingIsExponentialOnPowerAndMaxHoldKeepsThePeak() {
        SpectrumEstimator s = new SpectrumEstimator(N, false, WindowType.RECTANGULAR.makeFloat(N, 0));
        s.add(complexTone(1.0, 5), 0.25);   // power 1
        s.add(complexTone(0.5, 5), 0.25);   // power 0.25 -> 0.25*0.25 + 0.75*1 = 0.8125
        int bin = N / 2 + 5;
        assertEquals(10 * Math.log10(0.8125), s.averageDb()[bin], 1e-3);
        assertEquals(0.0, s.maxHoldDb()[bin], 1e-3, "max-hold keeps the first frame's 0 dB");
    }

    private static int argmax(float[] v) {
        int best = 0;
        for (int i = 1; i < v.length; i++) {
            if (v[i] > v[best]) {
                best = i;
            }
        }
        return best;
    }
}
