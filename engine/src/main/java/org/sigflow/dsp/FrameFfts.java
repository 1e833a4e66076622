package org.sigflow.dsp;

/**
 * Creates {@link FrameFft}s: the Vector API one (several frames per vector, one frame per lane) for power-of-two
 * sizes up to {@link VectorFrameFft#MAX_SIZE} when SIMD is on (see {@link Simd#ENABLED}, system property
 * {@code sigflow.simd=false} turns it off), the scalar one otherwise.
 */
public final class FrameFfts {
    private FrameFfts() {}

    public static FrameFft create(int n, boolean realInput, boolean inverse, float[] window, boolean shift,
                                  FftScaling scaling) {
        return create(n, realInput, inverse, window, shift, scaling, Simd.ENABLED);
    }

    public static FrameFft create(int n, boolean realInput, boolean inverse, float[] window, boolean shift,
                                  FftScaling scaling, boolean simd) {
        if (n < 1 || window.length != n) {
            throw new IllegalArgumentException("FFT size must be >= 1 with a window of that length: " + n);
        }
        if (simd && VectorFrameFft.supports(n)) {
            return new VectorFrameFft(n, realInput, inverse, window, shift, scaling);
        }
        return new ScalarFrameFft(n, realInput, inverse, window, shift, scaling);
    }
}
