package org.sigflow.dsp;

/**
 * GNU Radio's FIR dot products ({@code fir_filter_ccf/fff::filter}) in its exact float arithmetic, for blocks whose
 * feedback loops amplify rounding (a clock-recovery loop picking a neighbouring filter when its phase lands within
 * an ulp of a boundary). GNU Radio reverses the taps and calls VOLK's aligned dot product on {@code ntaps + al}
 * points from the input pointer rounded down to the SIMD alignment, with {@code al} zero taps in front; its buffers
 * start aligned, so {@code al} is the window's stream index modulo the alignment (64 bytes on AVX-512 machines).
 * VOLK 2.5 on x86-64 picks {@code volk_32fc_32f_dot_prod_32fc_a_avx2_fma} (four 8-lane accumulators over blocks of
 * 16 points, summed, then the lanes in order, then a fused scalar tail) and {@code volk_32f_x2_dot_prod_32f_a_avx512f}
 * (one 16-lane accumulator, lanes summed in order, fused scalar tail). For complex taps ({@code fir_filter_ccc}) it
 * picks {@code volk_32fc_x2_dot_prod_32fc_a_avx_fma}: four complex lanes, each product {@code fmaddsub(x, tap.re,
 * swap(x)·tap.im)} added unfused, lanes summed in order, then a scalar tail of unfused complex products (found by
 * calling libvolk 2.5.2's dispatcher beside each implementation on this machine; fir_filter_ccc agrees bit for bit).
 */
public final class VolkDotProduct {
    private static final int COMPLEX_PER_ALIGN = 8;
    private static final int FLOATS_PER_ALIGN = 16;
    private static final int BLOCK = 16;
    private static final int COMPLEX_LANES = 4;   // complex points per 256-bit AVX register

    private VolkDotProduct() {}

    /**
     * Σ_j taps[n-1-j]·x[at + 2j] for the complex window at element {@code at} (interleaved) whose first sample has
     * stream index {@code absolute}; the real part into {@code out[o]}, the imaginary into {@code out[o + 1]}.
     */
    public static void complex(float[] taps, float[] x, int at, long absolute, float[] out, int o) {
        int n = taps.length;
        int al = (int) Math.floorMod(absolute, (long) COMPLEX_PER_ALIGN);
        int total = n + al;
        int blocks = total / BLOCK;
        float re = 0f;
        float im = 0f;
        if (blocks > 0) {
            float[] acc = new float[32];   // accumulators 0-3, 8 lanes each: points 4g..4g+3 of every block of 16
            for (int k = al; k < blocks * BLOCK; k++) {
                int j = k - al;
                int lane = ((k % BLOCK) / 4) * 8 + 2 * (k % 4);
                float tap = taps[n - 1 - j];
                acc[lane] = Math.fma(x[at + 2 * j], tap, acc[lane]);
                acc[lane + 1] = Math.fma(x[at + 2 * j + 1], tap, acc[lane + 1]);
            }
            float[] v = new float[8];
            for (int l = 0; l < 8; l++) {
                v[l] = ((acc[l] + acc[8 + l]) + acc[16 + l]) + acc[24 + l];
            }
            re = ((v[0] + v[2]) + v[4]) + v[6];
            im = ((v[1] + v[3]) + v[5]) + v[7];
        }
        for (int k = Math.max(al, blocks * BLOCK); k < total; k++) {
            int j = k - al;
            float tap = taps[n - 1 - j];
            re = Math.fma(x[at + 2 * j], tap, re);
            im = Math.fma(x[at + 2 * j + 1], tap, im);
        }
        out[o] = re;
        out[o + 1] = im;
    }

    /** Σ_j taps[n-1-j]·x[at + j] for the real window at {@code at} whose first sample has stream index {@code absolute}. */
    public static float real(float[] taps, float[] x, int at, long absolute) {
        int n = taps.length;
        int al = (int) Math.floorMod(absolute, (long) FLOATS_PER_ALIGN);
        int total = n + al;
        int blocks = total / BLOCK;
        float sum = 0f;
        if (blocks > 0) {
            float[] lanes = new float[BLOCK];
            for (int k = al; k < blocks * BLOCK; k++) {
                int j = k - al;
                lanes[k % BLOCK] = Math.fma(x[at + j], taps[n - 1 - j], lanes[k % BLOCK]);
            }
            sum = lanes[0];
            for (int l = 1; l < BLOCK; l++) {
                sum += lanes[l];
            }
        }
        for (int k = Math.max(al, blocks * BLOCK); k < total; k++) {
            int j = k - al;
            sum = Math.fma(x[at + j], taps[n - 1 - j], sum);
        }
        return sum;
    }

    /**
     * Σ_j taps[n-1-j]·x[at + 2j] with complex taps (interleaved, n points) for the complex window at element
     * {@code at} whose first sample has stream index {@code absolute}: the real part into {@code out[o]}, the
     * imaginary into {@code out[o + 1]}.
     */
    public static void complexTaps(float[] taps, float[] x, int at, long absolute, float[] out, int o) {
        int n = taps.length / 2;
        int al = (int) Math.floorMod(absolute, (long) COMPLEX_PER_ALIGN);
        int total = n + al;
        int vector = total / COMPLEX_LANES * COMPLEX_LANES;
        float[] acc = new float[2 * COMPLEX_LANES];   // the al zero taps in front add +0 to zero lanes: skipped
        for (int k = al; k < vector; k++) {
            int j = k - al;
            int lane = 2 * (k % COMPLEX_LANES);
            float xr = x[at + 2 * j];
            float xi = x[at + 2 * j + 1];
            float tr = taps[2 * (n - 1 - j)];
            float ti = taps[2 * (n - 1 - j) + 1];
            acc[lane] += Math.fma(xr, tr, -(xi * ti));
            acc[lane + 1] += Math.fma(xi, tr, xr * ti);
        }
        float re = 0f + (((acc[0] + acc[2]) + acc[4]) + acc[6]);
        float im = 0f + (((acc[1] + acc[3]) + acc[5]) + acc[7]);
        for (int k = Math.max(al, vector); k < total; k++) {
            int j = k - al;
            float xr = x[at + 2 * j];
            float xi = x[at + 2 * j + 1];
            float tr = taps[2 * (n - 1 - j)];
            float ti = taps[2 * (n - 1 - j) + 1];
            re += xr * tr - xi * ti;
            im += xr * ti + xi * tr;
        }
        out[o] = re;
        out[o + 1] = im;
    }
}
