package org.sigflow.dsp;

import java.util.SplittableRandom;

/**
 * Seeded, reproducible noise with GNU Radio's {@code noise_source} scaling (the random sequence itself differs from
 * GNU Radio's generator). Real: gaussian with standard deviation A, or uniform on [-A, A). Complex: I and Q are
 * independent, each scaled by {@code A/sqrt(2)} (GNU Radio divides the complex amplitude by sqrt(2)), so a complex
 * gaussian has total variance {@code E|x|^2 = A^2}, A^2/2 in each of I and Q; complex uniform has each of I and Q
 * on [-A/sqrt(2), A/sqrt(2)).
 * <p>{@link #gnuRadio} draws GNU Radio 3.10's sequence instead ({@link GnuRadioRandom} seeded as
 * {@code noise_source}'s {@code gr::random}, with its float/double roundings), so a seeded imported flowgraph gives
 * GNU Radio's samples.
 */
public final class NoiseGenerator {
    private final NoiseType type;
    private final boolean complex;
    private final SplittableRandom rng;
    private final GnuRadioRandom gnuRadio;   // null: SplittableRandom's sequence
    private double scale;
    /** GNU Radio's fastnoise_source: a pool of drawn samples (floats, re/im pairs) picked by a second generator. */
    private final float[] pool;
    private final Xoroshiro128p picker;

    public NoiseGenerator(NoiseType type, boolean complex, double amplitude, long seed) {
        this(type, complex, amplitude, seed, false);
    }

    private NoiseGenerator(NoiseType type, boolean complex, double amplitude, long seed, boolean gnuRadio,
                           int poolSize) {
        this.type = type;
        this.complex = complex;
        this.rng = gnuRadio ? null : new SplittableRandom(seed);
        this.gnuRadio = gnuRadio ? new GnuRadioRandom(seed) : null;
        this.pool = poolSize > 0 ? new float[complex ? 2 * poolSize : poolSize] : null;
        this.picker = poolSize > 0 ? new Xoroshiro128p(seed) : null;
        setAmplitude(amplitude);
    }

    private NoiseGenerator(NoiseType type, boolean complex, double amplitude, long seed, boolean gnuRadio) {
        this(type, complex, amplitude, seed, gnuRadio, 0);
    }

    /** GNU Radio 3.10's {@code noise_source} sequence for this seed (its {@code gr::random}). */
    public static NoiseGenerator gnuRadio(NoiseType type, boolean complex, double amplitude, long seed) {
        return new NoiseGenerator(type, complex, amplitude, seed, true);
    }

    /**
     * GNU Radio 3.10's {@code fastnoise_source}: {@code samples} values drawn as {@code noise_source} draws them (again
     * on each amplitude change), each output one of them picked by an XOROSHIRO128+ of the same seed (index: its
     * output masked for a power-of-two pool, else modulo the pool size).
     */
    public static NoiseGenerator gnuRadioPool(NoiseType type, boolean complex, double amplitude, long seed,
                                              int samples) {
        if (samples < 1) {
            throw new IllegalArgumentException("a noise pool needs at least one sample, got " + samples);
        }
        return new NoiseGenerator(type, complex, amplitude, seed, true, samples);
    }

    public void setAmplitude(double amplitude) {
        if (gnuRadio != null) {   // GNU Radio keeps a float amplitude, divided by sqrtf(2) when complex
            scale = complex ? (float) amplitude / (float) Math.sqrt(2.0) : (float) amplitude;
            if (pool != null) {
                generateAsGnuRadio(pool, 0, pool.length);
            }
            return;
        }
        scale = complex ? amplitude / Math.sqrt(2) : amplitude;
    }

    /** Writes n items (one or two floats each) at {@code y[yOff]}. */
    public void generate(float[] y, int yOff, int n) {
        int count = complex ? 2 * n : n;
        if (pool != null) {
            int size = complex ? pool.length / 2 : pool.length;
            boolean powerOfTwo = (size & (size - 1)) == 0;
            for (int i = 0; i < n; i++) {
                long r = picker.next();
                int k = (int) (powerOfTwo ? r & (size - 1) : Long.remainderUnsigned(r, size));
                if (complex) {
                    y[yOff + 2 * i] = pool[2 * k];
                    y[yOff + 2 * i + 1] = pool[2 * k + 1];
                } else {
                    y[yOff + i] = pool[k];
                }
            }
            return;
        }
        if (gnuRadio != null) {
            generateAsGnuRadio(y, yOff, count);
            return;
        }
        double s = scale;
        if (type == NoiseType.GAUSSIAN) {
            for (int i = 0; i < count; i++) {
                y[yOff + i] = (float) (s * rng.nextGaussian());
            }
        } else {
            for (int i = 0; i < count; i++) {
                y[yOff + i] = (float) (s * (2 * rng.nextDouble() - 1));
            }
        }
    }

    /**
     * {@code out = (T)(ampl * ((ran1() * 2.0) - 1.0))} (double) or {@code ampl * gasdev()} (float). Complex: GNU
     * Radio builds {@code gr_complex(draw(), draw())}, whose arguments GCC evaluates right to left: Q is drawn first.
     */
    private void generateAsGnuRadio(float[] y, int yOff, int count) {
        float a = (float) scale;
        if (!complex) {
            for (int i = 0; i < count; i++) {
                y[yOff + i] = draw(a);
            }
            return;
        }
        for (int i = 0; i < count; i += 2) {
            y[yOff + i + 1] = draw(a);
            y[yOff + i] = draw(a);
        }
    }

    private float draw(float a) {
        return type == NoiseType.GAUSSIAN ? a * gnuRadio.gasdev() : (float) (a * ((gnuRadio.ran1() * 2.0) - 1.0));
    }
}
