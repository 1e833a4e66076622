package org.sigflow.dsp;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Any-size DFT by Bluestein's chirp-z algorithm: {@code X[k] = w[k] * sum_n (x[n] w[n]) conj(w[k-n])} with
 * {@code w[n] = exp(-j*pi*n^2/N)}, the convolution done by a power-of-two radix-2 FFT of size
 * {@code M >= 2N-1}. The chirp uses {@code n^2 mod 2N} in exact integer arithmetic so large sizes keep precision.
 * Tables are cached per size and immutable; the scratch buffer belongs to the caller.
 */
final class BluesteinFft {
    private static final ConcurrentHashMap<Integer, BluesteinFft> CACHE = new ConcurrentHashMap<>();

    final int n;
    final int m;
    private final Radix2Fft inner;
    /** w[k] interleaved, k < n. */
    private final float[] chirp;
    /** FFT of the conjugate chirp filter, pre-divided by m (folds the inner inverse's 1/m). */
    private final float[] filterSpectrum;

    private BluesteinFft(int n) {
        this.n = n;
        int mm = Integer.highestOneBit(2 * n - 1);
        m = mm < 2 * n - 1 ? mm << 1 : mm;
        inner = Radix2Fft.of(m);
        chirp = new float[2 * n];
        double[] c = new double[2 * n];
        for (int k = 0; k < n; k++) {
            long sq = ((long) k * k) % (2L * n);
            double a = -Math.PI * sq / n;
            c[2 * k] = Math.cos(a);
            c[2 * k + 1] = Math.sin(a);
            chirp[2 * k] = (float) c[2 * k];
            chirp[2 * k + 1] = (float) c[2 * k + 1];
        }
        float[] b = new float[2 * m];
        for (int k = 0; k < n; k++) {
            b[2 * k] = (float) c[2 * k];
            b[2 * k + 1] = (float) -c[2 * k + 1];
            if (k > 0) {
                b[2 * (m - k)] = b[2 * k];
                b[2 * (m - k) + 1] = b[2 * k + 1];
            }
        }
        inner.transform(b, 0, false);
        float inv = 1f / m;
        for (int i = 0; i < 2 * m; i++) {
            b[i] *= inv;
        }
        filterSpectrum = b;
    }

    static BluesteinFft of(int n) {
        return CACHE.computeIfAbsent(n, BluesteinFft::new);
    }

    /** Unscaled transform of {@code d[off .. off+2n)}; {@code scratch} holds at least {@code 2m} floats. */
    void transform(float[] d, int off, boolean inverse, float[] scratch) {
        // The inverse DFT is conj(DFT(conj(x))): conjugate on the way in and out.
        float s = inverse ? -1f : 1f;
        for (int k = 0; k < n; k++) {
            float xr = d[off + 2 * k], xi = s * d[off + 2 * k + 1];
            float wr = chirp[2 * k], wi = chirp[2 * k + 1];
            scratch[2 * k] = xr * wr - xi * wi;
            scratch[2 * k + 1] = xr * wi + xi * wr;
        }
        java.util.Arrays.fill(scratch, 2 * n, 2 * m, 0f);
        inner.transform(scratch, 0, false);
        float[] f = filterSpectrum;
        for (int k = 0; k < m; k++) {
            float ar = scratch[2 * k], ai = scratch[2 * k + 1];
            float br = f[2 * k], bi = f[2 * k + 1];
            scratch[2 * k] = ar * br - ai * bi;
            scratch[2 * k + 1] = ar * bi + ai * br;
        }
        inner.transform(scratch, 0, true);
        for (int k = 0; k < n; k++) {
            float yr = scratch[2 * k], yi = scratch[2 * k + 1];
            float wr = chirp[2 * k], wi = chirp[2 * k + 1];
            d[off + 2 * k] = yr * wr - yi * wi;
            d[off + 2 * k + 1] = s * (yr * wi + yi * wr);
        }
    }
}
