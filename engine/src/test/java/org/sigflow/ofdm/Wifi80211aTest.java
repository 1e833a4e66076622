package org.sigflow.ofdm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The 802.11a-style frame against the standard's training fields (a direct DFT in double, no SigFlow FFT). */
class Wifi80211aTest {
    private final Wifi80211a w = new Wifi80211a(3, 100, 1.0, 5);
    private final float[] x = new float[2 * w.length()];

    Wifi80211aTest() {
        w.write(2, x, 0);
    }

    @Test
    void shortFieldRepeatsEvery16AndLongFieldCarriesTheStandardSequence() {
        int s = w.preambleStart();
        for (int n = s; n < s + 160 - 16; n++) {
            assertEquals(x[2 * n], x[2 * (n + 16)], 1e-6);
            assertEquals(x[2 * n + 1], x[2 * (n + 16) + 1], 1e-6);
        }
        for (int i = 0; i < 200; i++) {
            assertEquals(0f, x[i], 0f, "silence before the frame");
        }
        int ltf = s + 160 + 32;
        for (int k = -26; k <= 26; k++) {
            double[] v = dft(ltf, k);
            assertEquals(Wifi80211a.LTF_SEQ[k + 26], v[0], 1e-5, "L_" + k);
            assertEquals(0, v[1], 1e-5);
            double[] second = dft(ltf + 64, k);
            assertEquals(v[0], second[0], 1e-5, "the two long symbols are equal");
        }
        int[] data = Wifi80211a.dataCarriers();
        int[] v = w.values(2);
        int sym = s + 320 + 80 + 16; // second data symbol, after its prefix
        for (int i = 0; i < 48; i += 5) {
            double[] p = dft(sym, data[i]);
            assertEquals((v[48 + i] & 2) == 0 ? -Math.sqrt(0.5) : Math.sqrt(0.5), p[0], 1e-5);
            assertEquals((v[48 + i] & 1) == 0 ? -Math.sqrt(0.5) : Math.sqrt(0.5), p[1], 1e-5);
        }
        assertEquals(-1, dft(sym, 21)[0], 1e-5, "pilot on carrier 21");
    }

    private double[] dft(int start, int k) {
        double re = 0;
        double im = 0;
        for (int n = 0; n < 64; n++) {
            double a = -2 * Math.PI * k * n / 64;
            re += x[2 * (start + n)] * Math.cos(a) - x[2 * (start + n) + 1] * Math.sin(a);
            im += x[2 * (start + n)] * Math.sin(a) + x[2 * (start + n) + 1] * Math.cos(a);
        }
        return new double[] {re / 8, im / 8};
    }
}
