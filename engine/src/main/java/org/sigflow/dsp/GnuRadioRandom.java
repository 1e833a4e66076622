package org.sigflow.dsp;

/**
 * GNU Radio 3.10's {@code gr::random} for seeded noise: XOROSHIRO128+ seeded through splitmix64 and a jump, uniform
 * floats as libstdc++'s {@code uniform_real_distribution<float>} draws them from a 64-bit generator (the 64-bit value
 * rounded to float, divided by 2^64, kept below 1), and its Marsaglia polar {@code gasdev} in float. A block built
 * with GNU Radio's seed gives GNU Radio's sequence (the channel impairments' phase noise, seeded 42).
 */
public final class GnuRadioRandom {
    private final Xoroshiro128p generator;
    private boolean gaussStored;
    private float gaussValue;

    public GnuRadioRandom(long seed) {
        generator = new Xoroshiro128p(seed);
    }

    private long next() {
        return generator.next();
    }

    /** Uniform in [0, 1), as {@code std::uniform_real_distribution<float>} over the 64-bit generator. */
    public float ran1() {
        long u = next();
        float f = u >= 0 ? (float) u : 2f * (float) ((u >>> 1) | (u & 1));   // unsigned 64-bit to nearest float
        float r = f / 1.8446744e19f;                                          // 2^64
        return r >= 1f ? Math.nextDown(1f) : r;
    }

    /** Normal deviate, zero mean, unit variance (GNU Radio's gasdev, pairs from the polar method). */
    public float gasdev() {
        if (gaussStored) {
            gaussStored = false;
            return gaussValue;
        }
        float x;
        float y;
        float s;
        do {
            x = (float) (2.0 * ran1() - 1.0);
            y = (float) (2.0 * ran1() - 1.0);
            s = x * x + y * y;
        } while (s >= 1f || s == 0f);
        float factor = (float) Math.sqrt((float) (-2.0 * (float) Math.log(s) / s));
        gaussStored = true;
        gaussValue = x * factor;
        return y * factor;
    }
}
