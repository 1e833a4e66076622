// Element-wise math blocks. Complex samples are float2 (interleaved re, im), as on the CPU.
#include "kernel.cuh"

SF_KERNEL sf_scale_f32(const float* in, float* out, long long n, float c) {
    SF_GRID_STRIDE(i, n) { out[i] = in[i] * c; }
}

SF_KERNEL sf_scale_cf32(const float2* in, float2* out, long long n, float cr, float ci) {
    float2 c = make_float2(cr, ci);
    SF_GRID_STRIDE(i, n) { out[i] = cmul(in[i], c); }
}

SF_KERNEL sf_offset_f32(const float* in, float* out, long long n, float c) {
    SF_GRID_STRIDE(i, n) { out[i] = in[i] + c; }
}

SF_KERNEL sf_offset_cf32(const float2* in, float2* out, long long n, float cr, float ci) {
    SF_GRID_STRIDE(i, n) { out[i] = make_float2(in[i].x + cr, in[i].y + ci); }
}

SF_KERNEL sf_conjugate(const float2* in, float2* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = make_float2(in[i].x, -in[i].y); }
}

// |x| without overflow for large components (the CPU twin computes in double).
SF_KERNEL sf_complex_to_mag(const float2* in, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = hypotf(in[i].x, in[i].y); }
}

// |x|^k for an integer k >= 1, as the CPU twin: repeated squaring of |x|^2, times |x| for odd k.
SF_KERNEL sf_magnitude_pow(const float2* in, float* out, long long n, int k) {
    SF_GRID_STRIDE(i, n) {
        float2 x = in[i];
        if (k == 1) {
            out[i] = hypotf(x.x, x.y);
            continue;
        }
        float p = x.x * x.x + x.y * x.y, r = 1.0f, base = p;
        for (int e = k / 2; e > 0; e >>= 1) {
            if (e & 1) r *= base;
            base *= base;
        }
        out[i] = (k & 1) ? r * hypotf(x.x, x.y) : r;
    }
}

// N-input add/multiply run as a chain of two-input launches: out = a op b (out may alias a).
SF_KERNEL sf_add_f32(const float* a, const float* b, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = a[i] + b[i]; }
}

SF_KERNEL sf_mul_f32(const float* a, const float* b, float* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = a[i] * b[i]; }
}

SF_KERNEL sf_mul_cf32(const float2* a, const float2* b, float2* out, long long n) {
    SF_GRID_STRIDE(i, n) { out[i] = cmul(a[i], b[i]); }
}

// FM discriminator gain * arg(x[i] * conj(x[i-1])); x[-1] comes from prev (the last sample of the page before,
// zero at the start), and the last sample of this page goes to next (a different buffer: no race with prev).
SF_KERNEL sf_quad_demod(const float2* in, float* out, long long n, float gain, const float2* prev, float2* next) {
    SF_GRID_STRIDE(i, n) {
        float2 x = in[i];
        float2 p = i == 0 ? *prev : in[i - 1];
        float re = x.x * p.x + x.y * p.y;
        float im = x.y * p.x - x.x * p.y;
        out[i] = gain * atan2f(im, re);
        if (i == n - 1) *next = x;
    }
}
