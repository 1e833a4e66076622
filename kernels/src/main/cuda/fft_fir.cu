// Overlap-save FIR around cuFFT (the alternative to fir.cu's tiled direct form for long filters): frames of N
// samples advance by L = N - (ntaps - 1); each frame is transformed, multiplied by H = FFT(taps padded to N) / N,
// transformed back, and its last L samples are the full-rate outputs y[f*L .. f*L + L). Decimation keeps every
// D-th output. Samples before the page come from hist (ntaps - 1 of them), beyond the page are zero (their outputs
// are not kept).
#include "kernel.cuh"

template <typename S> __device__ __forceinline__ float2 widen(S v);
template <> __device__ __forceinline__ float2 widen<float>(float v) { return make_float2(v, 0.0f); }
template <> __device__ __forceinline__ float2 widen<float2>(float2 v) { return v; }

template <typename S>
__device__ void os_gather(const S* in, long long items, const S* hist, int hlen, float2* frames, int N, int L,
                          long long n) {
    SF_GRID_STRIDE(i, n) {
        long long f = i / N;
        int t = (int)(i - f * N);
        long long idx = f * L - hlen + t;
        S v = idx < 0 ? hist[hlen + idx] : (idx < items ? in[idx] : S{});
        frames[i] = widen(v);
    }
}

SF_KERNEL sf_os_gather_f32(const float* in, long long items, const float* hist, int hlen, float2* frames, int N,
                           int L, long long n) {
    os_gather<float>(in, items, hist, hlen, frames, N, L, n);
}
SF_KERNEL sf_os_gather_cf32(const float2* in, long long items, const float2* hist, int hlen, float2* frames, int N,
                            int L, long long n) {
    os_gather<float2>(in, items, hist, hlen, frames, N, L, n);
}

// frames[f][k] *= H[k] (H already holds the 1/N of the inverse transform)
SF_KERNEL sf_os_multiply(float2* frames, const float2* H, int N, long long n) {
    SF_GRID_STRIDE(i, n) { frames[i] = cmul(frames[i], H[i % N]); }
}

// out[j] = y_full[j * D], the last L samples of each frame being y_full's block
SF_KERNEL sf_os_extract_cf32(const float2* frames, float2* out, long long nOut, int D, int N, int L, int hlen) {
    SF_GRID_STRIDE(j, nOut) {
        long long i = j * D;
        long long f = i / L;
        out[j] = frames[f * N + (i - f * L) + hlen];
    }
}
SF_KERNEL sf_os_extract_f32(const float2* frames, float* out, long long nOut, int D, int N, int L, int hlen) {
    SF_GRID_STRIDE(j, nOut) {
        long long i = j * D;
        long long f = i / L;
        out[j] = frames[f * N + (i - f * L) + hlen].x;
    }
}
