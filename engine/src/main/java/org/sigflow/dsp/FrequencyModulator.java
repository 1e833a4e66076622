package org.sigflow.dsp;

/**
 * GNU Radio's {@code frequency_modulator_fc}: {@code phase += sensitivity * x[i]; y[i] = exp(j*phase)}. The phase
 * is kept in double and wrapped into [-pi, pi) every sample, so precision does not degrade over long runs.
 */
public final class FrequencyModulator {
    private double sensitivity;
    private double phase;

    public FrequencyModulator(double sensitivity) {
        this.sensitivity = sensitivity;
    }

    public void setSensitivity(double sensitivity) {
        this.sensitivity = sensitivity;
    }

    public double phase() {
        return phase;
    }

    public void modulate(float[] x, int xOff, float[] y, int yOff, int n) {
        double p = phase, s = sensitivity;
        for (int i = 0; i < n; i++) {
            p = ComplexOps.wrapPhase(p + s * x[xOff + i]);
            y[yOff + 2 * i] = (float) Math.cos(p);
            y[yOff + 2 * i + 1] = (float) Math.sin(p);
        }
        phase = p;
    }
}
