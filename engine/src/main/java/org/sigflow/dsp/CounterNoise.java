package org.sigflow.dsp;

/**
 * Complex white gaussian noise as a pure function of (seed, sample index), so a GPU kernel computes the same samples
 * in any order ({@code channel_model.cu} repeats it): two 64-bit words per sample from SplitMix64's finaliser over a
 * Weyl sequence, two 53-bit uniforms, Box–Muller in double. Each of I and Q has variance {@code sigma²}.
 */
public final class CounterNoise {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final double ULP53 = 0x1.0p-53;
    private final long base;
    private final double sigma;

    public CounterNoise(long seed, double sigma) {
        this.base = mix(seed);
        this.sigma = sigma;
    }

    /** The seed after mixing, as the kernel takes it. */
    public long base() {
        return base;
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Writes sample {@code n}'s noise (I, Q) at {@code out[off]}. */
    public void sample(long n, float[] out, int off) {
        long a = mix(base + (2 * n + 1) * GOLDEN);
        long b = mix(base + (2 * n + 2) * GOLDEN);
        double u1 = ((a >>> 11) + 1) * ULP53; // (0, 1]
        double u2 = (b >>> 11) * ULP53; // [0, 1)
        double r = sigma * Math.sqrt(-2 * Math.log(u1));
        double ph = 2 * Math.PI * u2;
        out[off] = (float) (r * Math.cos(ph));
        out[off + 1] = (float) (r * Math.sin(ph));
    }
}
