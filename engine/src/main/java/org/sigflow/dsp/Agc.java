package org.sigflow.dsp;

/**
 * GNU Radio's automatic gain control ({@code analog::kernel::agc_cc/agc_ff}): per sample, {@code y = x * gain}, then
 * {@code gain += rate * (reference - |y|)}, capped at {@code maxGain} when {@code maxGain > 0}. The gain is kept in
 * double (GNU Radio: float). Interleaved complex input uses {@code |y| = hypot(re, im)}.
 */
public final class Agc {
    /** Samples per {@link #process} call at most (scratch size). */
    public static final int MAX_SAMPLES = 8192;
    private final boolean complex;
    /**
     * {@code q = rate * |x|} of the call's samples, computed first (independent per sample, so it pipelines). The
     * gain recursion {@code g += rate (ref - |g x|)} then becomes {@code g = g (1 -+ q) + rate ref}, one fused
     * multiply-add per sample on the loop-carried path instead of a square root.
     */
    private final double[] q = new double[MAX_SAMPLES];
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

    /** Scales {@code n <= MAX_SAMPLES} samples. */
    public void process(float[] x, int xOff, float[] y, int yOff, int n) {
        if (n > MAX_SAMPLES) {
            throw new IllegalArgumentException("at most " + MAX_SAMPLES + " samples per call, got " + n);
        }
        double[] q = this.q;
        double g = gain, r = rate, rref = rate * reference;
        double cap = maxGain > 0 ? maxGain : Double.POSITIVE_INFINITY;
        if (complex) {
            for (int i = 0; i < n; i++) {
                double re = x[xOff + 2 * i], im = x[xOff + 2 * i + 1];
                q[i] = r * Math.sqrt(re * re + im * im);
            }
        } else {
            for (int i = 0; i < n; i++) {
                q[i] = r * Math.abs(x[xOff + i]);
            }
        }
        // g - rate |g| |x| + rate ref, with |g| = +-g
        if (complex) {
            for (int i = 0; i < n; i++) {
                y[yOff + 2 * i] = (float) (x[xOff + 2 * i] * g);
                y[yOff + 2 * i + 1] = (float) (x[xOff + 2 * i + 1] * g);
                g = Math.min(cap, Math.fma(g, g >= 0 ? 1 - q[i] : 1 + q[i], rref));
            }
        } else {
            for (int i = 0; i < n; i++) {
                y[yOff + i] = (float) (x[xOff + i] * g);
                g = Math.min(cap, Math.fma(g, g >= 0 ? 1 - q[i] : 1 + q[i], rref));
            }
        }
        gain = g;
    }
}
