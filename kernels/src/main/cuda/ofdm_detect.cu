// Delayed autocorrelation for OFDM frame detection (ofdm_frame_detect), one thread per sample: the window of W
// samples ending at sample i, c = sum x[k-D] conj(x[k]), pa = sum |x[k-D]|^2, pb = sum |x[k]|^2, summed directly in
// double from the terms the CPU twin adds (each rounded to float as Java rounds it: no FMA contraction). Writes
// whether the metric |c|^2 / (pa pb) exceeds the threshold and the coarse offset -arg(c)/D; the host runs the
// plateau/hold-off state machine over the flags and tags. hist holds the D + W - 1 samples before the page.
#include "kernel.cuh"

SF_KERNEL sf_ofdm_autocorr(const float2* in, long long n, const float2* hist, int D, int W, double threshold,
                           unsigned char* above, double* offset) {
    const int H = D + W - 1;
    SF_GRID_STRIDE(i, n) {
        double cr = 0, ci = 0, pa = 0, pb = 0;
        for (long long k = i - W + 1; k <= i; k++) {
            float2 x = k >= 0 ? in[k] : hist[H + k];
            long long kd = k - D;
            float2 d = kd >= 0 ? in[kd] : hist[H + kd];
            cr += (double)__fadd_rn(__fmul_rn(d.x, x.x), __fmul_rn(d.y, x.y));
            ci += (double)__fsub_rn(__fmul_rn(d.y, x.x), __fmul_rn(d.x, x.y));
            pa += (double)__fadd_rn(__fmul_rn(d.x, d.x), __fmul_rn(d.y, d.y));
            pb += (double)__fadd_rn(__fmul_rn(x.x, x.x), __fmul_rn(x.y, x.y));
        }
        double metric = pa > 0 && pb > 0 ? __ddiv_rn(__dadd_rn(__dmul_rn(cr, cr), __dmul_rn(ci, ci)), __dmul_rn(pa, pb)) : 0;
        above[i] = metric > threshold ? 1 : 0;
        offset[i] = -atan2(ci, cr) / D;
    }
}
