// Decimating FIR y[j] = sum_k h[k] x[j*D - k] over a page, with the ntaps-1 samples before the page in hist.
// Shared-memory tiled: each block stages the input span its outputs need (history included) and the taps once,
// then every thread computes outputs from shared memory. Real taps (float) on float or complex (float2) data, or
// complex taps on complex data: the three variants differ only in the sample and tap types.
#include "kernel.cuh"

#define FIR_TILE 256  // outputs per block

template <typename S> __device__ __forceinline__ S zero();
template <> __device__ __forceinline__ float zero<float>() { return 0.0f; }
template <> __device__ __forceinline__ float2 zero<float2>() { return make_float2(0.0f, 0.0f); }

__device__ __forceinline__ float mac(float acc, float h, float x) { return fmaf(h, x, acc); }
__device__ __forceinline__ float2 mac(float2 acc, float h, float2 x) {
    return make_float2(fmaf(h, x.x, acc.x), fmaf(h, x.y, acc.y));
}
__device__ __forceinline__ float2 mac(float2 acc, float2 h, float2 x) {
    return make_float2(acc.x + h.x * x.x - h.y * x.y, acc.y + h.x * x.y + h.y * x.x);
}

// Dynamic shared memory: ntaps taps, then (FIR_TILE-1)*D + ntaps samples.
template <typename S, typename T>
__device__ void fir_tile(const S* in, S* out, long long nOut, int D, const T* taps, int ntaps, const S* hist) {
    extern __shared__ __align__(16) unsigned char smem[];
    T* h = reinterpret_cast<T*>(smem);
    S* x = reinterpret_cast<S*>(smem + ((ntaps * sizeof(T) + 15) / 16) * 16);
    long long j0 = (long long)blockIdx.x * FIR_TILE;
    if (j0 >= nOut) return;
    int outs = (int)min((long long)FIR_TILE, nOut - j0);
    int span = (outs - 1) * D + ntaps;
    long long first = j0 * D - (ntaps - 1);  // input index of x[0] in the tile (negative: from hist)
    for (int t = threadIdx.x; t < ntaps; t += blockDim.x) h[t] = taps[t];
    for (int t = threadIdx.x; t < span; t += blockDim.x) {
        long long idx = first + t;
        x[t] = idx >= 0 ? in[idx] : hist[(ntaps - 1) + idx];
    }
    __syncthreads();
    for (int j = threadIdx.x; j < outs; j += blockDim.x) {
        S acc = zero<S>();
        const S* xe = x + j * D + ntaps - 1;  // x at output j's newest sample
        for (int k = 0; k < ntaps; k++) acc = mac(acc, h[k], xe[-k]);
        out[j0 + j] = acc;
    }
}

SF_KERNEL sf_fir_rr(const float* in, float* out, long long nOut, int D, const float* taps, int ntaps, const float* hist) {
    fir_tile<float, float>(in, out, nOut, D, taps, ntaps, hist);
}
SF_KERNEL sf_fir_cr(const float2* in, float2* out, long long nOut, int D, const float* taps, int ntaps, const float2* hist) {
    fir_tile<float2, float>(in, out, nOut, D, taps, ntaps, hist);
}
SF_KERNEL sf_fir_cc(const float2* in, float2* out, long long nOut, int D, const float2* taps, int ntaps, const float2* hist) {
    fir_tile<float2, float2>(in, out, nOut, D, taps, ntaps, hist);
}

// The ntaps-1 samples before the next page: the end of this page, preceded by the old history when the page is
// shorter than that. Writes a different buffer than it reads (the history buffers alternate).
SF_KERNEL sf_fir_history_f32(const float* in, long long n, const float* oldHist, float* newHist, int len) {
    SF_GRID_STRIDE(j, (long long)len) {
        long long idx = n - len + j;
        newHist[j] = idx >= 0 ? in[idx] : oldHist[len + idx];
    }
}
SF_KERNEL sf_fir_history_cf32(const float2* in, long long n, const float2* oldHist, float2* newHist, int len) {
    SF_GRID_STRIDE(j, (long long)len) {
        long long idx = n - len + j;
        newHist[j] = idx >= 0 ? in[idx] : oldHist[len + idx];
    }
}

// Rational resampler (upfirdn): output o is sample o*D of the input upsampled by I (zeros inserted) and filtered by
// h, so only taps k = p + j*I with p = (o*D) mod I meet input samples: y[o] = sum_j h[p + jI] x[floor(oD/I) - j].
// One thread per output; taps zero-padded to Q*I; the Q-1 samples before the page in hist.
template <typename S, typename T>
__device__ void resample(const S* in, S* out, long long nOut, int I, int D, const T* taps, int Q, const S* hist) {
    SF_GRID_STRIDE(o, nOut) {
        long long t = o * D;
        long long base = t / I;
        int p = (int)(t - base * I);
        S acc = zero<S>();
        for (int j = 0; j < Q; j++) {
            long long idx = base - j;
            acc = mac(acc, taps[p + j * I], idx >= 0 ? in[idx] : hist[(Q - 1) + idx]);
        }
        out[o] = acc;
    }
}

SF_KERNEL sf_resample_rr(const float* in, float* out, long long nOut, int I, int D, const float* taps, int Q, const float* hist) {
    resample<float, float>(in, out, nOut, I, D, taps, Q, hist);
}
SF_KERNEL sf_resample_cr(const float2* in, float2* out, long long nOut, int I, int D, const float* taps, int Q, const float2* hist) {
    resample<float2, float>(in, out, nOut, I, D, taps, Q, hist);
}
SF_KERNEL sf_resample_cc(const float2* in, float2* out, long long nOut, int I, int D, const float2* taps, int Q, const float2* hist) {
    resample<float2, float2>(in, out, nOut, I, D, taps, Q, hist);
}

// Hilbert output: the analytic signal (x delayed by `delay`, the Hilbert FIR's output); hist holds H >= delay inputs.
SF_KERNEL sf_hilbert_pack(const float* x, const float* imag, float2* out, long long n, int delay, const float* hist, int H) {
    SF_GRID_STRIDE(i, n) {
        long long idx = i - delay;
        out[i] = make_float2(idx >= 0 ? x[idx] : hist[H + idx], imag[i]);
    }
}
