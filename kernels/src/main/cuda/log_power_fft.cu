// Log-power spectra on the device (log_power_fft_cuda), around one batched cuFFT: only the dB frames leave.
//   sf_lpfft_pre_*: keep the last frame of every group (frame f at in[f * stride + skip]), window, widen real input;
//   sf_lpfft_db:    no averaging: every (frame, bin) at once;
//   sf_lpfft_avg_db: exponential average avg = a P + b avg: one thread per bin runs through the page's frames in
//                   order (the recursion is over frames; bins are independent), avg kept on the device between pages.
// Output bin k reads spectrum bin (k + roll) mod N: roll = N - N/2 is numpy's fftshift, 0 none. Floor 1e-30 (-300 dB)
// as the CPU twin.
#include "kernel.cuh"

#define LP_FLOOR 1e-30f

SF_KERNEL sf_lpfft_pre_cf32(const float2* in, float2* out, long long n, int N, const float* window, long long stride,
                            long long skip) {
    SF_GRID_STRIDE(i, n) {
        long long f = i / N;
        int t = (int)(i - f * N);
        float2 x = in[f * stride + skip + t];
        out[i] = make_float2(x.x * window[t], x.y * window[t]);
    }
}

SF_KERNEL sf_lpfft_pre_f32(const float* in, float2* out, long long n, int N, const float* window, long long stride,
                           long long skip) {
    SF_GRID_STRIDE(i, n) {
        long long f = i / N;
        int t = (int)(i - f * N);
        out[i] = make_float2(in[f * stride + skip + t] * window[t], 0.0f);
    }
}

__device__ __forceinline__ float power_at(const float2* spectra, long long frame, int N, int k, int roll) {
    int s = k + roll;
    if (s >= N) s -= N;
    float2 x = spectra[frame * N + s];
    return x.x * x.x + x.y * x.y;
}

SF_KERNEL sf_lpfft_db(const float2* spectra, float* out, long long n, int N, int roll, float off) {
    SF_GRID_STRIDE(i, n) {
        long long f = i / N;
        int k = (int)(i - f * N);
        out[i] = 10.0f * log10f(fmaxf(power_at(spectra, f, N, k, roll), LP_FLOOR)) + off;
    }
}

// n = N (one thread per bin)
SF_KERNEL sf_lpfft_avg_db(const float2* spectra, float* out, long long n, int N, int frames, int roll, float* avg,
                          float a, float b, float off) {
    SF_GRID_STRIDE(k, n) {
        float v = avg[k];
        for (long long f = 0; f < frames; f++) {
            v = a * power_at(spectra, f, N, (int)k, roll) + b * v;
            out[f * N + k] = 10.0f * log10f(fmaxf(v, LP_FLOOR)) + off;
        }
        avg[k] = v;
    }
}
