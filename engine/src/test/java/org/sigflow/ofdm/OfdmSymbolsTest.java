package org.sigflow.ofdm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The WirelessHD-like plan and symbols against their definitions (a direct DFT in double, no SigFlow FFT). */
class OfdmSymbolsTest {
    private final OfdmPlan plan = new OfdmPlan(512, 336, 16);

    @Test
    void planUsesDistinctCarriersAwayFromDcAndTheBandEdges() {
        Set<Integer> bins = new HashSet<>();
        for (int b : plan.dataBins()) {
            bins.add(b);
        }
        for (int b : plan.pilotBins()) {
            bins.add(b);
        }
        assertEquals(352, bins.size());
        for (int b : new int[] {0, 1, 511, 256, 178, 334}) {
            assertTrue(!bins.contains(b), "bin " + b + " stays empty");
        }
        assertTrue(bins.contains(2) && bins.contains(510) && bins.contains(177) && bins.contains(335));
    }

    @Test
    void symbolIsThePrefixedScaledInverseDftOfItsPoints() {
        double rms = 0.25;
        OfdmSymbols s = new OfdmSymbols(plan, 64, rms, 3);
        float[] t = new float[2 * 576];
        s.write(5, t, 0);
        for (int i = 0; i < 128; i++) {
            assertEquals(t[2 * 512 + i], t[i], 0f, "the prefix repeats the symbol's tail");
        }
        double power = 0;
        for (int n = 64; n < 576; n++) {
            power += t[2 * n] * t[2 * n] + t[2 * n + 1] * t[2 * n + 1];
        }
        assertEquals(rms * rms, power / 512, 0.2 * rms * rms, "RMS amplitude (random points: within 20 %)");
        // forward unitary DFT of the body, divided by the gain, gives the points on their carriers
        double gain = rms * Math.sqrt(512.0 / 352);
        int[] v = s.values(5);
        for (int i = 0; i < 336; i += 7) {
            double[] x = dft(t, plan.dataBins()[i]);
            assertEquals(Qam16.re(v[i]), x[0] / gain, 1e-5);
            assertEquals(Qam16.im(v[i]), x[1] / gain, 1e-5);
        }
        double[] p = dft(t, plan.pilotBins()[3]);
        assertEquals(plan.pilotValues()[3], p[0] / gain, 1e-5);
    }

    @Test
    void grayMappingDecidesBackAndNeighboursDifferInOneBit() {
        for (int b = 0; b < 16; b++) {
            assertEquals(b, Qam16.decide(Qam16.re(b), Qam16.im(b)));
            float step = 2 * Qam16.SCALE;
            int right = Qam16.decide(Qam16.re(b) + step, Qam16.im(b));
            if (Qam16.re(b) + step < 4 * Qam16.SCALE) {
                assertEquals(1, Integer.bitCount(right ^ b), "Gray: one bit to the right neighbour of " + b);
            }
        }
    }

    private static double[] dft(float[] t, int k) {
        double re = 0;
        double im = 0;
        for (int n = 0; n < 512; n++) {
            double a = -2 * Math.PI * k * n / 512;
            double xr = t[2 * (64 + n)];
            double xi = t[2 * (64 + n) + 1];
            re += xr * Math.cos(a) - xi * Math.sin(a);
            im += xr * Math.sin(a) + xi * Math.cos(a);
        }
        return new double[] {re / Math.sqrt(512), im / Math.sqrt(512)};
    }
}
