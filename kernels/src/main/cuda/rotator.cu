// Rotator y[i] = x[i] exp(j (phase0 + i inc)): the phase of each sample from its index in the page and the page's
// start phase, in double and wrapped to [-pi, pi) before the float sincos, so nothing accumulates across samples or
// pages (the host carries phase0 from page to page in double).
#include "kernel.cuh"

SF_KERNEL sf_rotator(const float2* in, float2* out, long long n, double phase0, double inc) {
    const double twoPi = 6.283185307179586;
    SF_GRID_STRIDE(i, n) {
        double ph = phase0 + (double)i * inc;
        ph -= twoPi * rint(ph / twoPi);
        float s, c;
        sincosf((float)ph, &s, &c);
        float2 x = in[i];
        out[i] = make_float2(x.x * c - x.y * s, x.x * s + x.y * c);
    }
}
