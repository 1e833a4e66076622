package org.sigflow.grc;

/**
 * numpy's legacy {@code numpy.random.seed(s)} / {@code randint(2)}: a Mersenne Twister (MT19937) seeded by
 * {@code init_genrand(s)}, one 32-bit draw per {@code randint(2)} (its masked rejection keeps the lowest bit). GNU
 * Radio's OFDM hier blocks draw their default sync words from it.
 */
final class NumpyLegacyRandom {
    private final int[] mt = new int[624];
    private int index = 624;

    NumpyLegacyRandom(long seed) {
        mt[0] = (int) seed;
        for (int i = 1; i < 624; i++) {
            mt[i] = 1812433253 * (mt[i - 1] ^ mt[i - 1] >>> 30) + i;
        }
    }

    /** {@code randint(2)}: 0 or 1. */
    int bit() {
        return next() & 1;
    }

    private int next() {
        if (index >= 624) {
            for (int i = 0; i < 624; i++) {
                int y = mt[i] & 0x80000000 | mt[(i + 1) % 624] & 0x7fffffff;
                mt[i] = mt[(i + 397) % 624] ^ y >>> 1 ^ ((y & 1) != 0 ? 0x9908b0df : 0);
            }
            index = 0;
        }
        int y = mt[index++];
        y ^= y >>> 11;
        y ^= y << 7 & 0x9d2c5680;
        y ^= y << 15 & 0xefc60000;
        return y ^ y >>> 18;
    }
}
