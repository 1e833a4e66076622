package org.sigflow.dsp;

import java.util.SplittableRandom;

/**
 * Seeded, reproducible noise with GNU Radio's {@code noise_source} scaling (the random sequence itself differs from
 * GNU Radio's generator). Real: gaussian with standard deviation A, or uniform on [-A, A). Complex: I and Q are
 * independent, each scaled by {@code A/sqrt(2)} (GNU Radio divides the complex amplitude by sqrt(2)), so a complex
 * gaussian has total variance {@code E|x|^2 = A^2}, A^2/2 in each of I and Q; complex uniform has each of I and Q
 * on [-A/sqrt(2), A/sqrt(2)).
 */
public final class NoiseGenerator {
    private final NoiseType type;
    private final boolean complex;
    private final SplittableRandom rng;
    private double scale;

    public NoiseGenerator(NoiseType type, boolean complex, double amplitude, long seed) {
        this.type = type;
        this.complex = complex;
        this.rng = new SplittableRandom(seed);
        setAmplitude(amplitude);
    }

    public void setAmplitude(double amplitude) {
        scale = complex ? amplitude / Math.sqrt(2) : amplitude;
    }

    /** Writes n items (one or two floats each) at {@code y[yOff]}. */
    public void generate(float[] y, int yOff, int n) {
        int count = complex ? 2 * n : n;
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
}
