// threshold (Threshold.java, GNU Radio's threshold_ff): a comparator with hysteresis, y[n] = 1 if x[n] > hi, 0 if
// x[n] < lo, else y[n-1]. Each output is the last decision at or before it (or the state before the page), so it
// scans with the associative operator "the right one if it decided, else the left one": (1) every chunk of
// THR_CHUNK samples finds its last decision (-1: none); (2) one block scans those from the page's incoming state
// (a float kept on the device: the initial state may be any value) and leaves each chunk's incoming output;
// (3) every chunk reruns its comparisons from that value. Bit for bit the twin's outputs.
#include "kernel.cuh"

#define THR_CHUNK 64
#define THR_SCAN_THREADS 1024

__device__ __forceinline__ int thr_decide(float v, float lo, float hi, int last) {
    return v > hi ? 1 : v < lo ? 0 : last;  // NaN decides nothing, as the twin's comparisons
}

SF_KERNEL sf_thr_chunk_ends(const float* in, int* ends, long long chunks, long long n, float lo, float hi) {
    SF_GRID_STRIDE(j, chunks) {
        long long s0 = j * THR_CHUNK, s1 = min(n, s0 + THR_CHUNK);
        int d = -1;
        for (long long s = s0; s < s1; s++) d = thr_decide(in[s], lo, hi, d);
        ends[j] = d;
    }
}

// grid: one block of THR_SCAN_THREADS. incoming[j] becomes the output entering chunk j; state[0] the one after the
// page.
SF_KERNEL sf_thr_carry(const int* ends, float* incoming, long long chunks, float* state) {
    __shared__ int sd[THR_SCAN_THREADS];
    int t = threadIdx.x;
    long long per = (chunks + THR_SCAN_THREADS - 1) / THR_SCAN_THREADS;
    long long j0 = min(chunks, t * per), j1 = min(chunks, j0 + per);
    int d = -1;  // this segment's last decision
    for (long long j = j0; j < j1; j++) d = ends[j] >= 0 ? ends[j] : d;
    sd[t] = d;
    __syncthreads();
    for (int w = 1; w < THR_SCAN_THREADS; w <<= 1) {  // inclusive scan: the right one if it decided
        int left = t >= w ? sd[t - w] : -1;
        __syncthreads();
        if (t >= w && sd[t] < 0) sd[t] = left;
        __syncthreads();
    }
    float y0 = state[0];
    int before = t == 0 ? -1 : sd[t - 1];
    float y = before >= 0 ? (float)before : y0;  // entering this segment
    for (long long j = j0; j < j1; j++) {
        incoming[j] = y;
        if (ends[j] >= 0) y = (float)ends[j];
    }
    __syncthreads();
    if (t == THR_SCAN_THREADS - 1 && sd[t] >= 0) state[0] = (float)sd[t];
}

SF_KERNEL sf_thr_apply(const float* in, float* out, long long chunks, long long n, float lo, float hi,
                       const float* incoming) {
    SF_GRID_STRIDE(j, chunks) {
        long long s0 = j * THR_CHUNK, s1 = min(n, s0 + THR_CHUNK);
        float y = incoming[j];
        for (long long s = s0; s < s1; s++) {
            float v = in[s];
            y = v > hi ? 1.0f : v < lo ? 0.0f : y;
            out[s] = y;
        }
    }
}
