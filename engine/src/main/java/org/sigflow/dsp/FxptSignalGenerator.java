package org.sigflow.dsp;

/**
 * GNU Radio 3.10's {@code analog.sig_source} step for step: the phase is {@code gr::fxpt_nco}'s 32-bit accumulator
 * (the increment {@code 2*pi*f/fs} rounded to float, then to fixed point), sine and cosine come from its 1024-entry
 * table ({@link FxptNco}), and square, triangle and sawtooth use the accumulator's angle as a float, with the same
 * double/float roundings as {@code sig_source_impl.cc}. So an imported flowgraph gives GNU Radio's samples, where
 * {@link SignalGenerator} (double phase, exact sine) differs from them by the table's error (a few 1e-6) that grows
 * through an integrator such as an FM modulator.
 */
public final class FxptSignalGenerator implements ToneGenerator {
    private static final double PI = Math.PI;

    private final Waveform waveform;
    private final boolean complex;
    private final double sampleRate;
    private double amplitude;
    private float offsetRe;
    private float offsetIm;
    private int phase;
    private int increment;

    public FxptSignalGenerator(Waveform waveform, boolean complex, double sampleRate, double frequency,
                               double amplitude, double offsetRe, double offsetIm, double phase) {
        if (!(sampleRate > 0)) {
            throw new IllegalArgumentException("sample rate must be > 0 Hz, got " + sampleRate);
        }
        this.waveform = waveform;
        this.complex = complex;
        this.sampleRate = sampleRate;
        this.amplitude = amplitude;
        setOffset(offsetRe, offsetIm);
        this.phase = FxptNco.floatToFixed((float) phase);
        setFrequency(frequency);
    }

    @Override
    public void setFrequency(double frequency) {
        increment = FxptNco.floatToFixed((float) (2 * PI * frequency / sampleRate));
    }

    @Override
    public void setAmplitude(double amplitude) {
        this.amplitude = amplitude;
    }

    @Override
    public void setOffset(double re, double im) {
        offsetRe = (float) re;
        offsetIm = (float) im;
    }

    @Override
    public void generate(float[] y, int yOff, int n) {
        double a = amplitude;
        int p = phase;
        for (int i = 0; i < n; i++) {
            if (complex) {
                complexSample(y, yOff + 2 * i, a, p);
            } else {
                y[yOff + i] = realSample(a, p);
            }
            p += increment;
        }
        phase = p;
    }

    private float realSample(double a, int p) {
        double ph = FxptNco.fixedToFloat(p);
        return switch (waveform) {
            case SINE -> (float) (FxptNco.sin(p) * a) + offsetRe;
            case COSINE -> (float) (FxptNco.cos(p) * a) + offsetRe;
            case SQUARE -> ph < 0 ? (float) a + offsetRe : offsetRe;
            case TRIANGLE -> (float) ((ph < 0 ? a * ph / PI : -(a * ph / PI)) + a + offsetRe);
            case SAWTOOTH -> (float) (a * ph / (2 * PI) + a / 2 + offsetRe);
            case CONSTANT -> (float) a + offsetRe;
        };
    }

    private void complexSample(float[] y, int o, double a, int p) {
        double ph = FxptNco.fixedToFloat(p);
        double s = a * ph / PI;   // triangle slope term
        double w = a * ph / (2 * PI);
        float re;
        float im;
        switch (waveform) {
            case SINE, COSINE -> {
                re = (float) (FxptNco.cos(p) * a);
                im = (float) (FxptNco.sin(p) * a);
            }
            case SQUARE -> {
                re = ph < 0 ? (float) a : 0;
                im = ph >= -PI / 2 && ph < PI / 2 ? (float) a : 0;
            }
            case TRIANGLE -> {
                re = (float) (ph < 0 ? s + a : -s + a);
                im = (float) (ph < -PI / 2 ? -s - a / 2 : ph < PI / 2 ? s + a / 2 : -s + 3 * a / 2);
            }
            case SAWTOOTH -> {
                re = (float) (w + a / 2);
                im = (float) (ph < -PI / 2 ? w + 5 * a / 4 : w + a / 4);
            }
            default -> {
                re = (float) a;
                im = 0;
            }
        }
        y[o] = re + offsetRe;
        y[o + 1] = im + offsetIm;
    }
}
