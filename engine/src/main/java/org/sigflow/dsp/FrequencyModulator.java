package org.sigflow.dsp;

/**
 * GNU Radio's {@code frequency_modulator_fc}: {@code phase += sensitivity * x[i]; y[i] = exp(j*phase)}. The phase
 * is kept in double and wrapped into [-pi, pi) every sample, so precision does not degrade over long runs.
 * {@link #gnuRadio} gives GNU Radio 3.10's samples instead: a float phase wrapped by {@code fmod} and sine/cosine
 * from {@code gr::fxpt}'s table.
 */
public final class FrequencyModulator {
    private static final float F_PI = (float) Math.PI;
    private double sensitivity;
    private double phase;
    private final boolean gnuRadio;
    private float floatPhase;

    public FrequencyModulator(double sensitivity) {
        this(sensitivity, false);
    }

    private FrequencyModulator(double sensitivity, boolean gnuRadio) {
        this.sensitivity = sensitivity;
        this.gnuRadio = gnuRadio;
    }

    /** GNU Radio's {@code frequency_modulator_fc} step for step (float phase, fixed-point sine table). */
    public static FrequencyModulator gnuRadio(double sensitivity) {
        return new FrequencyModulator(sensitivity, true);
    }

    public void setSensitivity(double sensitivity) {
        this.sensitivity = sensitivity;
    }

    public double phase() {
        return gnuRadio ? floatPhase : phase;
    }

    public void modulate(float[] x, int xOff, float[] y, int yOff, int n) {
        if (gnuRadio) {
            modulateAsGnuRadio(x, xOff, y, yOff, n);
            return;
        }
        double p = phase, s = sensitivity;
        for (int i = 0; i < n; i++) {
            p = ComplexOps.wrapPhase(p + s * x[xOff + i]);
            y[yOff + 2 * i] = (float) Math.cos(p);
            y[yOff + 2 * i + 1] = (float) Math.sin(p);
        }
        phase = p;
    }

    private void modulateAsGnuRadio(float[] x, int xOff, float[] y, int yOff, int n) {
        float p = floatPhase, s = (float) sensitivity;
        for (int i = 0; i < n; i++) {
            p = p + s * x[xOff + i];
            p = (p + F_PI) % (2.0f * F_PI) - F_PI;   // Java's float % is C's fmodf
            FxptNco.sincos(FxptNco.floatToFixed(p), y, yOff + 2 * i);
        }
        floatPhase = p;
    }
}
