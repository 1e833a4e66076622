package org.sigflow.dsp;

/**
 * GNU Radio's automatic gain control ({@code analog::kernel::agc_cc/agc_ff}): per sample, {@code y = x * gain}, then
 * {@code gain += rate * (reference - |y|)}, capped at {@code maxGain} when {@code maxGain > 0}. The gain is kept in
 * double (GNU Radio: float). Interleaved complex input uses {@code |y| = hypot(re, im)}.
 */
public final class Agc {
    private final boolean complex;
    private double rate;
    private double reference;
    private double gain;
    private double maxGain;

    public Agc(boolean complex, double rate, double reference, double gain, double maxGain) {
        this.complex = complex;
        this.rate = rate;
        this.reference = reference;
        this.gain = gain;
        this.maxGain = maxGain;
    }

    public void setRate(double rate) {
        this.rate = rate;
    }

    public void setReference(double reference) {
        this.reference = reference;
    }

    /** Sets the current gain (it keeps adapting from there). */
    public void setGain(double gain) {
        this.gain = gain;
    }

    public void setMaxGain(double maxGain) {
        this.maxGain = maxGain;
    }

    public double gain() {
        return gain;
    }

    public void process(float[] x, int xOff, float[] y, int yOff, int n) {
        double g = gain, r = rate, ref = reference, cap = maxGain > 0 ? maxGain : Double.POSITIVE_INFINITY;
        if (complex) {
            for (int i = 0; i < 2 * n; i += 2) {
                double re = x[xOff + i] * g, im = x[xOff + i + 1] * g;
                y[yOff + i] = (float) re;
                y[yOff + i + 1] = (float) im;
                g = Math.min(cap, g + r * (ref - Math.sqrt(re * re + im * im)));
            }
        } else {
            for (int i = 0; i < n; i++) {
                double v = x[xOff + i] * g;
                y[yOff + i] = (float) v;
                g = Math.min(cap, g + r * (ref - Math.abs(v)));
            }
        }
        gain = g;
    }
}
