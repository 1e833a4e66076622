// Channel model (GNU Radio's without timing drift), one thread per output sample: multipath FIR over the page and the
// ntaps-1 samples before it, the frequency offset's phase from the absolute sample index (double, wrapped), and
// complex gaussian noise as a pure function of (seed, index): the CPU twin's org.sigflow.dsp.CounterNoise, same
// integer hash, Box-Muller in double. Float products are rounded as Java rounds them (no contraction into FMAs), so
// the twin gives the CPU block's samples to within an ulp of its double transcendental functions.
#include "kernel.cuh"

__device__ __forceinline__ unsigned long long sf_mix64(unsigned long long z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

SF_KERNEL sf_channel_model(const float2* in, float2* out, long long n, const float2* taps, int ntaps,
                           const float2* hist, long long n0, double offset, double sigma, unsigned long long base) {
    const double twoPi = 6.283185307179586;
    const unsigned long long golden = 0x9E3779B97F4A7C15ULL;
    SF_GRID_STRIDE(i, n) {
        double re = 0, im = 0;
        for (int k = 0; k < ntaps; k++) {
            long long j = i - k;
            float2 x = j >= 0 ? in[j] : hist[ntaps - 1 + j];
            float2 h = taps[k];
            re += (double)__fsub_rn(__fmul_rn(h.x, x.x), __fmul_rn(h.y, x.y));
            im += (double)__fadd_rn(__fmul_rn(h.x, x.y), __fmul_rn(h.y, x.x));
        }
        long long m = n0 + i;
        double cycles = offset * (double)m;
        double ph = twoPi * (cycles - floor(cycles));
        double s, c;
        sincos(ph, &s, &c);
        unsigned long long a = sf_mix64(base + (unsigned long long)(2 * m + 1) * golden);
        unsigned long long b = sf_mix64(base + (unsigned long long)(2 * m + 2) * golden);
        double u1 = (double)((a >> 11) + 1) * 0x1.0p-53;
        double u2 = (double)(b >> 11) * 0x1.0p-53;
        double r = sigma * sqrt(-2.0 * log(u1));
        double ns, nc;
        sincos(twoPi * u2, &ns, &nc);
        float yr = (float)__dsub_rn(__dmul_rn(re, c), __dmul_rn(im, s));
        float yi = (float)__dadd_rn(__dmul_rn(re, s), __dmul_rn(im, c));
        out[i] = make_float2(__fadd_rn(yr, (float)(r * nc)), __fadd_rn(yi, (float)(r * ns)));
    }
}
