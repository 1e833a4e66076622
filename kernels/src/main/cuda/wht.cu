// Walsh-Hadamard (GF(2^m) Fourier) transform of nvec vectors of q = 2^m floats by iterative updating: m rounds of
// pairwise updates (a, b) -> (a + b, a - b) on elements h = 1, 2, ..., q/2 apart, then one multiply by scale: the same
// operations in the same order as org.sigflow.dsp.WalshHadamard, so the CPU twin's result is met bit for bit.
//
// A thread block of 256 threads takes B vectors (B = max(32, 512 / q), a power of two) into shared memory with one
// coalesced load, runs all m rounds there and stores once. Thread p of a round updates pair b = p / B of vector
// v = p % B: the 32 threads of a warp work on 32 consecutive vectors at the same element index. Where those 32
// accesses land is the ordering:
//   conflict-free  element j of vector v at j * (B + 1) + v (vectors interleaved, one pad word per row): a warp's
//                  round accesses are 32 consecutive words, its load stores 33 words apart: no bank conflicts;
//   naive          element j of vector v at v * q + j (each vector contiguous, as in global memory): a warp's round
//                  accesses are q words apart, all in one bank for q >= 32 (32-way conflicts), 16-way at q = 16.
#include "kernel.cuh"

#define WHT_THREADS 256

template <bool CONFLICT_FREE>
__device__ __forceinline__ int wht_at(int v, int j, int q, int B) {
    return CONFLICT_FREE ? j * (B + 1) + v : v * q + j;
}

template <bool CONFLICT_FREE>
__device__ void wht(const float* in, float* out, long long nvec, int q, int logq, int B, float scale) {
    extern __shared__ float s[];
    const int logB = __ffs(B) - 1;
    const int elems = B * q;
    const int pairs = elems >> 1;
    for (long long g = blockIdx.x; g * B < nvec; g += gridDim.x) {
        const long long first = g * B;
        const long long valid = min((long long)elems, (nvec - first) * q);
        const float* src = in + first * q;
        for (int k = threadIdx.x; k < elems; k += WHT_THREADS) {
            s[wht_at<CONFLICT_FREE>(k >> logq, k & (q - 1), q, B)] = k < valid ? src[k] : 0.0f;
        }
        __syncthreads();
        for (int h = 1; h < q; h <<= 1) {
            for (int p = threadIdx.x; p < pairs; p += WHT_THREADS) {
                int v = p & (B - 1);
                int b = p >> logB;
                int j = ((b & ~(h - 1)) << 1) | (b & (h - 1));
                int lo = wht_at<CONFLICT_FREE>(v, j, q, B);
                int hi = wht_at<CONFLICT_FREE>(v, j + h, q, B);
                float a = s[lo];
                float c = s[hi];
                s[lo] = a + c;
                s[hi] = a - c;
            }
            __syncthreads();
        }
        float* dst = out + first * q;
        for (int k = threadIdx.x; k < valid; k += WHT_THREADS) {
            float y = s[wht_at<CONFLICT_FREE>(k >> logq, k & (q - 1), q, B)];
            dst[k] = scale == 1.0f ? y : y * scale;
        }
        __syncthreads();
    }
}

// grid: any number of blocks of WHT_THREADS threads; dynamic shared memory: (B + 1) * q floats
SF_KERNEL sf_wht_conflict_free(const float* in, float* out, long long nvec, int q, int logq, int B, float scale) {
    wht<true>(in, out, nvec, q, logq, B, scale);
}

// grid as above; dynamic shared memory: B * q floats
SF_KERNEL sf_wht_naive(const float* in, float* out, long long nvec, int q, int logq, int B, float scale) {
    wht<false>(in, out, nvec, q, logq, B, scale);
}
