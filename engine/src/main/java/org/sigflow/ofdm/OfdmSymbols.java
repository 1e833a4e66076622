package org.sigflow.ofdm;

import java.util.SplittableRandom;
import org.sigflow.dsp.Fft;

/**
 * The 16-QAM OFDM symbols of the WirelessHD-like sample: symbol {@code s} carries random 4-bit values on the data
 * carriers, a pure function of (seed, s), so the receiver recomputes what was sent to count bit errors; pilots
 * carry the plan's pattern. In time: unitary inverse FFT scaled to RMS {@code amplitude}, cyclic prefix first.
 */
public final class OfdmSymbols {
    private final OfdmPlan plan;
    private final long seed;
    private final int cp;
    private final float gain;
    private final Fft fft;

    public OfdmSymbols(OfdmPlan plan, int cp, double amplitude, long seed) {
        if (cp < 0 || cp > plan.fftSize()) {
            throw new IllegalArgumentException("cyclic prefix must be 0 .. fft_size, got " + cp);
        }
        this.plan = plan;
        this.seed = seed;
        this.cp = cp;
        int n = plan.fftSize();
        this.gain = (float) (amplitude * Math.sqrt((double) n / plan.usedCarriers()) / Math.sqrt(n));
        this.fft = Fft.of(n);
    }

    /** The 4-bit values on the data carriers of symbol {@code s}. */
    public int[] values(long s) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + s);
        int[] v = new int[plan.dataBins().length];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextInt(16);
        }
        return v;
    }

    /** Samples per symbol in time: prefix plus FFT size. */
    public int length() {
        return cp + plan.fftSize();
    }

    /** Writes symbol {@code s} in time ({@link #length()} complex samples, interleaved) at {@code out[off]}. */
    public void write(long s, float[] out, int off) {
        int n = plan.fftSize();
        float[] x = new float[2 * n];
        int[] v = values(s);
        int[] data = plan.dataBins();
        for (int i = 0; i < data.length; i++) {
            x[2 * data[i]] = Qam16.re(v[i]);
            x[2 * data[i] + 1] = Qam16.im(v[i]);
        }
        for (int i = 0; i < plan.pilotBins().length; i++) {
            x[2 * plan.pilotBins()[i]] = plan.pilotValues()[i];
        }
        fft.inverse(x, 0);
        for (int i = 0; i < 2 * n; i++) {
            x[i] *= gain;
        }
        System.arraycopy(x, 2 * (n - cp), out, off, 2 * cp);
        System.arraycopy(x, 0, out, off + 2 * cp, 2 * n);
    }
}
