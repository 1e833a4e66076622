package org.sigflow.dsp;

/**
 * GNU Radio's short FIR dot products ({@code fir_filter_ccf/fff::filter}) in its exact float arithmetic, for blocks
 * whose feedback loops amplify rounding (a clock-recovery loop picking a neighbouring interpolating filter when its
 * phase lands within an ulp of a rounding boundary). GNU Radio reverses the taps and calls VOLK's aligned dot product
 * on {@code ntaps + al} points from the input pointer rounded down to the SIMD alignment, with {@code al} zero taps in
 * front. On x86-64 with AVX2/FMA (and AVX-512: 64-byte alignment) VOLK 2.5's kernels do, for fewer points than one
 * 16-wide block, a sequential fused multiply-add in input order; for real taps and 16 or more points the first 16
 * (zero taps included) are rounded products summed in lane order, the rest fused as before.
 */
public final class VolkDotProduct {
    /** Floats per 64-byte VOLK alignment. */
    private static final int ALIGN_FLOATS = 16;

    private VolkDotProduct() {}

    /**
     * Σ taps[n-1-j]·x[at + 2j] (one component of a complex window starting at element {@code at}, interleaved), as
     * {@code volk_32fc_32f_dot_prod_32fc_a_avx2_fma} for up to 15 points: sequential, fused.
     */
    public static float complexComponent(float[] taps, float[] x, int at) {
        int n = taps.length;
        float acc = 0f;
        for (int j = 0; j < n; j++) {
            acc = Math.fma(x[at + 2 * j], taps[n - 1 - j], acc);
        }
        return acc;
    }

    /**
     * Σ taps[n-1-j]·x[at + j] as {@code volk_32f_x2_dot_prod_32f_a_avx512f} after GNU Radio's alignment, where
     * {@code absolute} is the stream index of x[at] (GNU Radio's buffers start 64-byte aligned, so the window's
     * misalignment is absolute mod 16).
     */
    public static float real(float[] taps, float[] x, int at, long absolute) {
        int n = taps.length;
        int al = (int) Math.floorMod(absolute, (long) ALIGN_FLOATS);
        int j = 0;
        float acc = 0f;
        if (n + al >= ALIGN_FLOATS) {
            for (; j < ALIGN_FLOATS - al; j++) {       // one 16-lane block: rounded products, summed by lane
                acc += x[at + j] * taps[n - 1 - j];
            }
        }
        for (; j < n; j++) {
            acc = Math.fma(x[at + j], taps[n - 1 - j], acc);
        }
        return acc;
    }
}
