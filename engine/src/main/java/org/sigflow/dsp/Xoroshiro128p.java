package org.sigflow.dsp;

/**
 * GNU Radio's {@code xoroshiro128p.h} generator (xoroshiro128+ seeded through splitmix64 and one jump), step for step,
 * so blocks that draw from it give GNU Radio's sequence for the same seed.
 */
public final class Xoroshiro128p {
    private static final long[] JUMP = {0xbeac0467eba5facbL, 0xd86b048b86aa9922L};
    private long s0;
    private long s1;

    public Xoroshiro128p(long seed) {
        s0 = seed + 0x9e3779b97f4a7c15L;                 // splitmix64_next on state[0]
        long z = s0;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        s1 = z ^ (z >>> 31);
        jump();
    }

    /** The next 64-bit output (unsigned in GNU Radio). */
    public long next() {
        long a = s0;
        long b = s1;
        long result = a + b;
        b ^= a;
        s0 = Long.rotateLeft(a, 55) ^ b ^ (b << 14);
        s1 = Long.rotateLeft(b, 36);
        return result;
    }

    /** True when the unsigned output is above {@code UINT64_MAX / 2}: a fair coin. */
    public boolean nextAboveHalf() {
        return next() < 0;
    }

    private void jump() {
        long j0 = 0;
        long j1 = 0;
        for (long word : JUMP) {
            for (int b = 0; b < 64; b++) {
                if ((word & (1L << b)) != 0) {
                    j0 ^= s0;
                    j1 ^= s1;
                }
                next();
            }
        }
        s0 = j0;
        s1 = j1;
    }
}
