package org.sigflow.dsp;

/**
 * GNU Radio's {@code analog.sig_source} semantics. An oscillator phase {@code phi} starts at {@code phase}, is
 * used for the current sample, then advances by {@code 2*pi*frequency/sampleRate}; it is accumulated in double and
 * kept in [-pi, pi) (GNU Radio's NCO range), so it does not drift. With amplitude A and offset o:
 * <ul>
 * <li>real: sine {@code A sin(phi) + o}, cosine {@code A cos(phi) + o}; square {@code A + o} for phi &lt; 0 else o;
 * triangle rising from o at -pi to {@code A + o} at 0 and falling back; sawtooth {@code A*phi/(2pi) + A/2 + o}.</li>
 * <li>complex: sine and cosine both give {@code A exp(j*phi) + o} (as GNU Radio); square, triangle and sawtooth
 * give the real waveform in I and the same waveform at {@code phi - pi/2} in Q (what GNU Radio's quadrant
 * formulas compute; its comments call this leading by 90 degrees).</li>
 * <li>constant: {@code A + o}.</li>
 * </ul>
 */
public final class SignalGenerator implements ToneGenerator {
    private static final double PI = Math.PI;

    private final Waveform waveform;
    private final boolean complex;
    private final double sampleRate;
    private double amplitude;
    private double offsetRe;
    private double offsetIm;
    private double phase;
    private double increment;

    public SignalGenerator(Waveform waveform, boolean complex, double sampleRate, double frequency, double amplitude,
                           double offsetRe, double offsetIm, double phase) {
        if (!(sampleRate > 0)) {
            throw new IllegalArgumentException("sample rate must be > 0 Hz, got " + sampleRate);
        }
        this.waveform = waveform;
        this.complex = complex;
        this.sampleRate = sampleRate;
        this.amplitude = amplitude;
        this.offsetRe = offsetRe;
        this.offsetIm = offsetIm;
        this.phase = ComplexOps.wrapPhase(phase);
        setFrequency(frequency);
    }

    @Override
    public void setFrequency(double frequency) {
        increment = 2 * PI * frequency / sampleRate;
    }

    @Override
    public void setAmplitude(double amplitude) {
        this.amplitude = amplitude;
    }

    @Override
    public void setOffset(double re, double im) {
        this.offsetRe = re;
        this.offsetIm = im;
    }

    /** Writes n items (one float each when real, re/im pairs when complex) at {@code y[yOff]}. */
    @Override
    public void generate(float[] y, int yOff, int n) {
        double a = amplitude, p = phase, inc = increment;
        for (int i = 0; i < n; i++) {
            if (complex) {
                double re, im;
                switch (waveform) {
                    case SINE, COSINE -> { re = a * Math.cos(p); im = a * Math.sin(p); }
                    case SQUARE -> {
                        re = p < 0 ? a : 0;
                        im = p >= -PI / 2 && p < PI / 2 ? a : 0;
                    }
                    case TRIANGLE -> { re = triangle(a, p); im = triangle(a, quadrature(p)); }
                    case SAWTOOTH -> { re = saw(a, p); im = saw(a, quadrature(p)); }
                    default -> { re = a; im = 0; }
                }
                y[yOff + 2 * i] = (float) (re + offsetRe);
                y[yOff + 2 * i + 1] = (float) (im + offsetIm);
            } else {
                double v = switch (waveform) {
                    case SINE -> a * Math.sin(p);
                    case COSINE -> a * Math.cos(p);
                    case SQUARE -> p < 0 ? a : 0;
                    case TRIANGLE -> triangle(a, p);
                    case SAWTOOTH -> saw(a, p);
                    case CONSTANT -> a;
                };
                y[yOff + i] = (float) (v + offsetRe);
            }
            p += inc;
            if (p >= PI || p < -PI) {
                p = ComplexOps.wrapPhase(p);
            }
        }
        phase = p;
    }

    private static double triangle(double a, double p) {
        double t = a * p / PI;
        return p < 0 ? t + a : -t + a;
    }

    private static double saw(double a, double p) {
        return a * p / (2 * PI) + a / 2;
    }

    /** Phase of the Q waveform: GNU Radio's quadrant formulas equal the I waveform at phi - pi/2, in [-pi, pi). */
    private static double quadrature(double p) {
        double q = p - PI / 2;
        return q < -PI ? q + 2 * PI : q;
    }
}
