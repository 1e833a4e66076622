// FFT pre-/post-processing around cuFFT, fused into one small kernel each: window (in input order), the shift
// (ifftshift before an inverse, fftshift after a forward, numpy's convention for odd sizes too), scaling, and the
// real-to-complex widening of f32 input. Frames are contiguous; n = frames * size samples.
#include "kernel.cuh"

// out[f][t] = window[t'] * in[f][t'] * scale, where t' = (t + roll) mod size: roll = size/2 for an inverse
// transform with shift (numpy ifftshift), else 0.
SF_KERNEL sf_fft_pre_cf32(const float2* in, float2* out, long long n, int size, const float* window, int roll, float scale) {
    SF_GRID_STRIDE(i, n) {
        long long f = i / size;
        int t = (int)(i - f * size);
        int s = t + roll;
        if (s >= size) s -= size;
        float w = window ? window[s] * scale : scale;
        float2 x = in[f * size + s];
        out[i] = make_float2(x.x * w, x.y * w);
    }
}

SF_KERNEL sf_fft_pre_f32(const float* in, float2* out, long long n, int size, const float* window, int roll, float scale) {
    SF_GRID_STRIDE(i, n) {
        long long f = i / size;
        int t = (int)(i - f * size);
        int s = t + roll;
        if (s >= size) s -= size;
        float w = window ? window[s] * scale : scale;
        out[i] = make_float2(in[f * size + s] * w, 0.0f);
    }
}

// fftshift of each frame: out[f][t] = in[f][(t + roll) mod size] with roll = size - size/2 (numpy: DC lands at
// index size/2).
SF_KERNEL sf_fft_roll_cf32(const float2* in, float2* out, long long n, int size, int roll) {
    SF_GRID_STRIDE(i, n) {
        long long f = i / size;
        int t = (int)(i - f * size);
        int s = t + roll;
        if (s >= size) s -= size;
        out[i] = in[f * size + s];
    }
}
