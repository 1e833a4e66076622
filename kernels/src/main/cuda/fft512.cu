// The WirelessHD paper's 512-point FFT (Hinitt & Kocak, EURASIP JWCN 2010): 64 threads per transform, 8 points per
// thread, 512 = 8 x 8 x 8 done as three passes of an 8-point DFT in registers (three radix-2 stages each), so
// shared memory is touched only twice, by the two exchanges between passes. With n = t + 64 j, t = t1 + 8 t2 and
// k = k1 + 8 k21 + 64 k22:
//   pass 1  thread t:           y[t][k1]      = W512^(t k1)   * DFT8_j  x[t + 64 j]
//   pass 2  thread (t1, k1):    w[k1][t1][k21] = W64^(t1 k21) * DFT8_t2 y[t1 + 8 t2][k1]
//   pass 3  thread (k21, k1):   X[k1 + 8 k21 + 64 k22] =        DFT8_t1 w[k1][t1][k21]
// Loads are coalesced (thread t reads t + 64 j). The exchanges keep real and imaginary parts in separate arrays and
// are laid out so that a warp's 32 stores and its 32 loads fall in 32 different banks: exchange 1 at
// k1 * 72 + t, exchange 2 at t1 * 65 + k1 * 8 + k21. An inverse transform conjugates on load and on store.
#include "kernel.cuh"

#define FFT512_PER_BLOCK 4        // transforms per thread block of 256 threads
#define FFT512_SMEM 576           // floats per transform and part (exchange 1 needs 8 * 72)

__device__ __forceinline__ float2 twiddle(int num, int den) {  // exp(-2 pi i num / den)
    float s, c;
    sincospif(-2.0f * (float)num / (float)den, &s, &c);
    return make_float2(c, s);
}

// 8-point DFT in place, natural order in and out: three radix-2 decimation-in-frequency stages.
__device__ __forceinline__ void dft8(float2* v) {
    const float r = 0.70710678118654752f;
    float2 a[8];
#pragma unroll
    for (int j = 0; j < 4; j++) {  // stage 1: pairs 4 apart, twiddles W8^j
        a[j] = make_float2(v[j].x + v[j + 4].x, v[j].y + v[j + 4].y);
        a[j + 4] = make_float2(v[j].x - v[j + 4].x, v[j].y - v[j + 4].y);
    }
    a[5] = make_float2(r * (a[5].x + a[5].y), r * (a[5].y - a[5].x));    // * (1 - i)/sqrt2
    a[6] = make_float2(a[6].y, -a[6].x);                                  // * -i
    a[7] = make_float2(r * (a[7].y - a[7].x), -r * (a[7].x + a[7].y));   // * (-1 - i)/sqrt2
    float2 b[8];
#pragma unroll
    for (int h = 0; h < 8; h += 4) {  // stage 2: pairs 2 apart, twiddle W4^1 = -i on the second
        b[h] = make_float2(a[h].x + a[h + 2].x, a[h].y + a[h + 2].y);
        b[h + 1] = make_float2(a[h + 1].x + a[h + 3].x, a[h + 1].y + a[h + 3].y);
        b[h + 2] = make_float2(a[h].x - a[h + 2].x, a[h].y - a[h + 2].y);
        float2 d = make_float2(a[h + 1].x - a[h + 3].x, a[h + 1].y - a[h + 3].y);
        b[h + 3] = make_float2(d.y, -d.x);
    }
    // stage 3: adjacent pairs; results leave in bit-reversed order 0 4 2 6 1 5 3 7
    const int rev[8] = {0, 4, 2, 6, 1, 5, 3, 7};
#pragma unroll
    for (int h = 0; h < 8; h += 2) {
        v[rev[h]] = make_float2(b[h].x + b[h + 1].x, b[h].y + b[h + 1].y);
        v[rev[h + 1]] = make_float2(b[h].x - b[h + 1].x, b[h].y - b[h + 1].y);
    }
}

// In place is safe: every thread of a transform has loaded before the first exchange, stores come after the last.
// nfft transforms of 512 complex samples each; grid: any, blocks of 256 threads (4 transforms per block).
SF_KERNEL sf_fft512_paper(const float2* in, float2* out, long long nfft, int inverse) {
    __shared__ float sre[FFT512_PER_BLOCK][FFT512_SMEM];
    __shared__ float sim[FFT512_PER_BLOCK][FFT512_SMEM];
    const int lane = threadIdx.x & 63;
    const int slot = threadIdx.x >> 6;
    const float conj = inverse ? -1.0f : 1.0f;
    float* re = sre[slot];
    float* im = sim[slot];
    for (long long f0 = (long long)blockIdx.x * FFT512_PER_BLOCK; f0 < nfft; f0 += (long long)gridDim.x * FFT512_PER_BLOCK) {
        const long long f = f0 + slot;
        const bool live = f < nfft;  // a short last group still reaches every __syncthreads
        float2 v[8];
        // pass 1: thread t = lane
#pragma unroll
        for (int j = 0; j < 8; j++) {
            float2 x = live ? in[f * 512 + lane + 64 * j] : make_float2(0.0f, 0.0f);
            v[j] = make_float2(x.x, conj * x.y);
        }
        dft8(v);
#pragma unroll
        for (int k1 = 0; k1 < 8; k1++) {
            float2 w = cmul(v[k1], twiddle(lane * k1, 512));
            re[k1 * 72 + lane] = w.x;
            im[k1 * 72 + lane] = w.y;
        }
        __syncthreads();
        // pass 2: thread (t1, k1) = (lane & 7, lane >> 3)
        int t1 = lane & 7;
        int k1 = lane >> 3;
#pragma unroll
        for (int t2 = 0; t2 < 8; t2++) {
            v[t2] = make_float2(re[k1 * 72 + t1 + 8 * t2], im[k1 * 72 + t1 + 8 * t2]);
        }
        dft8(v);
        __syncthreads();
#pragma unroll
        for (int k21 = 0; k21 < 8; k21++) {
            float2 w = cmul(v[k21], twiddle(t1 * k21, 64));
            re[t1 * 65 + k1 * 8 + k21] = w.x;
            im[t1 * 65 + k1 * 8 + k21] = w.y;
        }
        __syncthreads();
        // pass 3: thread (k21, k1) = (lane & 7, lane >> 3)
        int k21 = lane & 7;
#pragma unroll
        for (int u = 0; u < 8; u++) {
            v[u] = make_float2(re[u * 65 + k1 * 8 + k21], im[u * 65 + k1 * 8 + k21]);
        }
        dft8(v);
        if (live) {
#pragma unroll
            for (int k22 = 0; k22 < 8; k22++) {
                out[f * 512 + k1 + 8 * k21 + 64 * k22] = make_float2(v[k22].x, conj * v[k22].y);
            }
        }
        __syncthreads();
    }
}
