package org.sigflow.display;

import org.sigflow.dsp.FftScaling;
import org.sigflow.dsp.FrameFft;
import org.sigflow.dsp.FrameFfts;

/**
 * Power spectrum for the spectrum and waterfall views: window, FFT, DC-centred bins, dB relative to full scale, then
 * exponential averaging ({@code avg = alpha * new + (1 - alpha) * avg} on power, alpha 1 = none) and an optional
 * max-hold trace. The window gain is divided out, so a complex tone of amplitude A on a bin centre reads
 * {@code 20 log10 A} dBFS. A real input shows the bins from 0 to fs/2 with +6 dB, so a cosine of amplitude A also
 * reads {@code 20 log10 A}.
 */
public final class SpectrumEstimator {
    private final int n;
    private final boolean realInput;
    private final FrameFft fft;
    private final float[] complexIn;
    private final float[] spectrum;
    private final double[] avgPower;
    private final float[] avgDb;
    private final float[] maxDb;
    private final double scale;
    private boolean first = true;

    public SpectrumEstimator(int n, boolean realInput, float[] window) {
        this.n = n;
        this.realInput = realInput;
        this.fft = FrameFfts.create(n, false, false, window, true, FftScaling.NONE);
        this.complexIn = new float[2 * n];
        this.spectrum = new float[2 * n];
        int bins = bins();
        this.avgPower = new double[bins];
        this.avgDb = new float[bins];
        this.maxDb = new float[bins];
        double sum = 0;
        for (float w : window) {
            sum += w;
        }
        // |X|^2 / (sum w)^2 is the power of a bin-centred tone; a real cosine splits into two halves (x4 power).
        this.scale = (realInput ? 4.0 : 1.0) / (sum * sum);
    }

    /** Points in the output traces: n for complex input, the non-negative frequencies for real input. */
    public int bins() {
        return realInput ? n - n / 2 : n;
    }

    /** Frequency of output point 0 for a sample rate and centre frequency. */
    public double startFrequency(double sampleRate, double centerFrequency) {
        return realInput ? centerFrequency : centerFrequency - sampleRate / 2 + (n % 2 == 0 ? 0 : sampleRate / (2.0 * n));
    }

    /**
     * Adds one frame of {@code n} items ({@code 2n} floats interleaved for complex input, {@code n} for real) with
     * averaging factor {@code alpha} (0 < alpha <= 1).
     */
    public void add(float[] samples, double alpha) {
        if (realInput) {
            for (int i = 0; i < n; i++) {
                complexIn[2 * i] = samples[i];
                complexIn[2 * i + 1] = 0;
            }
        } else {
            System.arraycopy(samples, 0, complexIn, 0, 2 * n);
        }
        fft.process(complexIn, 0, spectrum, 0, 1);
        int firstBin = realInput ? n / 2 : 0; // after the shift, DC sits at bin n/2
        for (int k = 0; k < avgPower.length; k++) {
            double re = spectrum[2 * (firstBin + k)];
            double im = spectrum[2 * (firstBin + k) + 1];
            double p = (re * re + im * im) * scale;
            avgPower[k] = first ? p : alpha * p + (1 - alpha) * avgPower[k];
            avgDb[k] = (float) (10 * Math.log10(Math.max(avgPower[k], 1e-30)));
            maxDb[k] = first ? avgDb[k] : Math.max(maxDb[k], avgDb[k]);
        }
        first = false;
    }

    /** The averaged spectrum in dBFS (a copy). */
    public float[] averageDb() {
        return avgDb.clone();
    }

    /** The largest averaged value seen per bin since the last reset (a copy). */
    public float[] maxHoldDb() {
        return maxDb.clone();
    }

    /** Forgets the average and the max-hold. */
    public void reset() {
        first = true;
    }
}
