package org.sigflow.dsp;

/**
 * A FIR filter with fixed taps over a float array, {@code y[i] = sum_k h[k] * x[i*D - k]} (convolution, like
 * scipy's {@code lfilter(h, 1, x)[::D]}). Implementations store the taps reversed once, so each output is a
 * dot product over contiguous memory. Create through {@link FirFilters}.
 */
public interface FirFilter {

    /** Number of taps (complex taps count once). */
    int ntaps();

    /** True if input and output are interleaved complex. */
    boolean complexInput();

    /**
     * Computes {@code nOut} outputs. {@code xBase} is the array index of the oldest input item of output 0's window
     * (the item {@code ntaps-1} before the newest); output i's window starts {@code i * decim} items later. Items
     * are one float (real input) or two (complex). Writes {@code y[yOff ..]}, one or two floats per output.
     */
    void filter(float[] x, int xBase, float[] y, int yOff, int nOut, int decim);

    /** Reverses taps; {@code stride} 2 keeps interleaved re/im pairs together. */
    static float[] reversed(float[] taps, int stride) {
        int n = taps.length / stride;
        float[] r = new float[taps.length];
        for (int k = 0; k < n; k++) {
            for (int c = 0; c < stride; c++) {
                r[stride * (n - 1 - k) + c] = taps[stride * k + c];
            }
        }
        return r;
    }
}
