package org.sigflow.dsp;

/**
 * The 32-bit Mersenne Twister ({@code std::mt19937}) with libstdc++'s {@code uniform_real_distribution<double>} over
 * it (two draws per value: (u1 + u2·2^32) / 2^64, kept below 1), for GNU Radio blocks seeded through the C++
 * standard library (the fading model).
 */
public final class Mt19937 {
    private final int[] mt = new int[624];
    private int index;

    public Mt19937(long seed) {
        mt[0] = (int) seed;
        for (int i = 1; i < 624; i++) {
            mt[i] = 1812433253 * (mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
        }
        index = 624;
    }

    /** The next 32-bit output, unsigned, in a long. */
    public long next() {
        if (index >= 624) {
            for (int i = 0; i < 624; i++) {
                int y = (mt[i] & 0x80000000) | (mt[(i + 1) % 624] & 0x7fffffff);
                int v = mt[(i + 397) % 624] ^ (y >>> 1);
                mt[i] = (y & 1) != 0 ? v ^ 0x9908b0df : v;
            }
            index = 0;
        }
        int y = mt[index++];
        y ^= y >>> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >>> 18;
        return y & 0xffffffffL;
    }

    /**
     * {@code std::uniform_int_distribution<int>(a, b)} drawn from this generator as libstdc++ (GCC 11 and later)
     * does for a 32-bit engine: Lemire's nearly divisionless method in 64-bit arithmetic.
     */
    public int uniformInt(int a, int b) {
        long range = ((long) b - a + 1) & 0xffffffffL;
        long product = next() * range;   // below 2^64: read unsigned
        long low = product & 0xffffffffL;
        if (low < range) {
            long threshold = ((-range) & 0xffffffffL) % range;
            while (low < threshold) {
                product = next() * range;
                low = product & 0xffffffffL;
            }
        }
        return (int) (a + (product >>> 32));
    }

    /** {@code std::uniform_real_distribution<double>(a, b)} drawn from this generator. */
    public double uniform(double a, double b) {
        double sum = (double) next();
        sum += (double) next() * 4294967296.0;
        double r = sum / 18446744073709551616.0;
        if (r >= 1.0) {
            r = Math.nextDown(1.0);
        }
        return r * (b - a) + a;
    }
}
