package org.sigflow.dsp;

import java.util.concurrent.ConcurrentHashMap;

/**
 * In-place iterative radix-2 decimation-in-time FFT on interleaved complex floats, for power-of-two sizes.
 * Twiddles and the bit-reversal permutation are computed once per size (in double, stored as float) and shared by
 * all users through a cache; the tables are immutable, so sharing across block threads is safe.
 */
final class Radix2Fft {
    private static final ConcurrentHashMap<Integer, Radix2Fft> CACHE = new ConcurrentHashMap<>();

    final int n;
    private final float[] cos;
    private final float[] sin;
    private final int[] swapPairs;
    /** The large stages with the Vector API; null when SIMD is off or the size has no such stage. */
    private final VectorFftStages vectorStages;

    private Radix2Fft(int n) {
        this.n = n;
        int half = Math.max(1, n / 2);
        cos = new float[half];
        sin = new float[half];
        for (int k = 0; k < half; k++) {
            double a = 2 * Math.PI * k / n;
            cos[k] = (float) Math.cos(a);
            sin[k] = (float) Math.sin(a);
        }
        int bits = Integer.numberOfTrailingZeros(n);
        int count = 0;
        int[] pairs = new int[n];
        for (int i = 0; i < n; i++) {
            int r = bits == 0 ? 0 : Integer.reverse(i) >>> (32 - bits);
            if (r > i) {
                pairs[count++] = i;
                pairs[count++] = r;
            }
        }
        swapPairs = java.util.Arrays.copyOf(pairs, count);
        vectorStages = Simd.ENABLED && n >= VectorFftStages.FIRST_LEN ? new VectorFftStages(n) : null;
    }

    static boolean isPowerOfTwo(int n) {
        return n > 0 && (n & (n - 1)) == 0;
    }

    static Radix2Fft of(int n) {
        if (!isPowerOfTwo(n)) {
            throw new IllegalArgumentException("radix-2 FFT needs a power-of-two size: " + n);
        }
        return CACHE.computeIfAbsent(n, Radix2Fft::new);
    }

    /** Unscaled transform; forward uses exp(-j...), inverse exp(+j...). */
    void transform(float[] d, int off, boolean inverse) {
        transform(d, off, inverse, vectorStages != null);
    }

    /** As {@link #transform(float[], int, boolean)}, choosing the scalar or the vector stages (tests compare them). */
    void transform(float[] d, int off, boolean inverse, boolean simd) {
        VectorFftStages vector = simd ? vectorStages : null;
        int lastScalarLen = vector != null ? VectorFftStages.FIRST_LEN / 2 : n;
        int[] p = swapPairs;
        for (int s = 0; s < p.length; s += 2) {
            int a = off + 2 * p[s], b = off + 2 * p[s + 1];
            float tr = d[a], ti = d[a + 1];
            d[a] = d[b];
            d[a + 1] = d[b + 1];
            d[b] = tr;
            d[b + 1] = ti;
        }
        float sign = inverse ? 1f : -1f;
        // First stage (len 2) has the trivial twiddle 1.
        for (int i = off; i < off + 2 * n; i += 4) {
            float ar = d[i], ai = d[i + 1], br = d[i + 2], bi = d[i + 3];
            d[i] = ar + br;
            d[i + 1] = ai + bi;
            d[i + 2] = ar - br;
            d[i + 3] = ai - bi;
        }
        for (int len = 4; len <= lastScalarLen; len <<= 1) {
            int half = len >> 1;
            int step = n / len;
            for (int j = 0; j < half; j++) {
                float wr = cos[j * step];
                float wi = sign * sin[j * step];
                for (int i = off + 2 * j; i < off + 2 * n; i += 2 * len) {
                    int k = i + 2 * half;
                    float xr = d[k], xi = d[k + 1];
                    float tr = xr * wr - xi * wi;
                    float ti = xr * wi + xi * wr;
                    float ur = d[i], ui = d[i + 1];
                    d[i] = ur + tr;
                    d[i + 1] = ui + ti;
                    d[k] = ur - tr;
                    d[k + 1] = ui - ti;
                }
            }
        }
        if (vector != null) {
            vector.run(d, off, n, inverse);
        }
    }

    boolean hasVectorStages() {
        return vectorStages != null;
    }
}
