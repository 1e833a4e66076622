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
//                  accesses are q words apart, all in one bank for q >= 32 (32-way conflicts), 16-way at q = 16;
//   random         element j of vector v at a fixed pseudo-random permutation of v * q + j (xorshift-multiply, a
//                  bijection on the B q slots): a warp's accesses scatter over the banks, as with no ordering at all.
#include "kernel.cuh"

#define WHT_THREADS 256

enum WhtOrdering { WHT_CONFLICT_FREE, WHT_NAIVE, WHT_RANDOM };

// A bijection on [0, 2^bits): x ^= x >> s and odd multiplies mod 2^bits are each invertible.
__device__ __forceinline__ int wht_scramble(int x, int bits) {
    const int mask = (1 << bits) - 1;
    x ^= x >> (bits / 2 + 1);
    x = (x * 0x2C9) & mask;
    x ^= x >> (bits / 3 + 1);
    return (x * 0x1B5) & mask;
}

template <int ORDER>
__device__ __forceinline__ int wht_at(int v, int j, int q, int B) {
    if (ORDER == WHT_CONFLICT_FREE) return j * (B + 1) + v;
    if (ORDER == WHT_NAIVE) return v * q + j;
    return wht_scramble(v * q + j, __ffs(B * q) - 1);
}

template <int ORDER>
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
            s[wht_at<ORDER>(k >> logq, k & (q - 1), q, B)] = k < valid ? src[k] : 0.0f;
        }
        __syncthreads();
        for (int h = 1; h < q; h <<= 1) {
            for (int p = threadIdx.x; p < pairs; p += WHT_THREADS) {
                int v = p & (B - 1);
                int b = p >> logB;
                int j = ((b & ~(h - 1)) << 1) | (b & (h - 1));
                int lo = wht_at<ORDER>(v, j, q, B);
                int hi = wht_at<ORDER>(v, j + h, q, B);
                float a = s[lo];
                float c = s[hi];
                s[lo] = a + c;
                s[hi] = a - c;
            }
            __syncthreads();
        }
        float* dst = out + first * q;
        for (int k = threadIdx.x; k < valid; k += WHT_THREADS) {
            float y = s[wht_at<ORDER>(k >> logq, k & (q - 1), q, B)];
            dst[k] = scale == 1.0f ? y : y * scale;
        }
        __syncthreads();
    }
}

// grid: any number of blocks of WHT_THREADS threads; dynamic shared memory: (B + 1) * q floats
SF_KERNEL sf_wht_conflict_free(const float* in, float* out, long long nvec, int q, int logq, int B, float scale) {
    wht<WHT_CONFLICT_FREE>(in, out, nvec, q, logq, B, scale);
}

// grid as above; dynamic shared memory: B * q floats
SF_KERNEL sf_wht_naive(const float* in, float* out, long long nvec, int q, int logq, int B, float scale) {
    wht<WHT_NAIVE>(in, out, nvec, q, logq, B, scale);
}

// grid as above; dynamic shared memory: B * q floats
SF_KERNEL sf_wht_random(const float* in, float* out, long long nvec, int q, int logq, int B, float scale) {
    wht<WHT_RANDOM>(in, out, nvec, q, logq, B, scale);
}
