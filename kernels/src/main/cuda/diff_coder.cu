// diff_encoder / diff_decoder (DiffCoder.java, GNU Radio's diff_encoder_bb / diff_decoder_bb) on bytes. mode 0: NRZI
// (out = NOT(in XOR previous) & 1), 1: modulus 2 (out = (in XOR previous) & 1), 2: modulo M (the decoder's remainder
// of the difference taken as an unsigned 32-bit number, as the twin).
#include "kernel.cuh"

#define DIFF_CHUNK 64
#define DIFF_SCAN_THREADS 1024

// decoder: previous input from the page (or prev[0], the last byte of the page before); the last byte goes to
// next[0] (two alternating one-byte buffers, so this page reads one while it writes the other).
SF_KERNEL sf_diff_decode(const unsigned char* in, unsigned char* out, long long n, const unsigned char* prev,
                         unsigned char* next, int mode, unsigned modulus) {
    SF_GRID_STRIDE(i, n) {
        unsigned x = in[i], p = i > 0 ? in[i - 1] : prev[0];
        unsigned y = mode == 0 ? ~(x ^ p) & 1u : mode == 1 ? (x ^ p) & 1u : (x - p) % modulus;
        out[i] = (unsigned char)y;
        if (i == n - 1) next[0] = (unsigned char)x;
    }
}

// encoder (modulus <= 256, so the previous output is the whole state): out[n] = out[n-1] op v(in[n]) with the
// associative op XOR on v = 1 ^ (x & 1) (NRZI) or x & 1 (modulus 2), or addition modulo M on v = x mod M. So a scan:
// (1) chunk totals, (2) one block scans them from the state on the device (in place: total[j] becomes the output
// before chunk j), (3) each chunk reruns the twin's recurrence from there.
__device__ __forceinline__ unsigned diff_value(unsigned x, int mode, unsigned modulus) {
    return mode == 0 ? 1u ^ (x & 1u) : mode == 1 ? x & 1u : x % modulus;
}

__device__ __forceinline__ unsigned diff_combine(unsigned a, unsigned b, int mode, unsigned modulus) {
    return mode == 2 ? (a + b) % modulus : a ^ b;
}

SF_KERNEL sf_diff_chunk_totals(const unsigned char* in, unsigned* totals, long long chunks, long long n, int mode,
                               unsigned modulus) {
    SF_GRID_STRIDE(j, chunks) {
        long long s0 = j * DIFF_CHUNK, s1 = min(n, s0 + DIFF_CHUNK);
        unsigned t = 0;
        for (long long s = s0; s < s1; s++) t = diff_combine(t, diff_value(in[s], mode, modulus), mode, modulus);
        totals[j] = t;
    }
}

// grid: one block of DIFF_SCAN_THREADS; state[0] is the previous output, updated to the page's last output.
SF_KERNEL sf_diff_carry(unsigned* totals, long long chunks, unsigned* state, int mode, unsigned modulus) {
    __shared__ unsigned st[DIFF_SCAN_THREADS];
    int t = threadIdx.x;
    long long per = (chunks + DIFF_SCAN_THREADS - 1) / DIFF_SCAN_THREADS;
    long long j0 = min(chunks, t * per), j1 = min(chunks, j0 + per);
    unsigned s = 0;
    for (long long j = j0; j < j1; j++) s = diff_combine(s, totals[j], mode, modulus);
    st[t] = s;
    __syncthreads();
    for (int w = 1; w < DIFF_SCAN_THREADS; w <<= 1) {
        unsigned left = t >= w ? st[t - w] : 0u;
        __syncthreads();
        st[t] = diff_combine(left, st[t], mode, modulus);
        __syncthreads();
    }
    unsigned y0 = state[0];
    unsigned y = diff_combine(y0, t == 0 ? 0u : st[t - 1], mode, modulus);
    for (long long j = j0; j < j1; j++) {
        unsigned next = diff_combine(y, totals[j], mode, modulus);
        totals[j] = y;
        y = next;
    }
    __syncthreads();
    if (t == DIFF_SCAN_THREADS - 1) state[0] = diff_combine(y0, st[t], mode, modulus);
}

SF_KERNEL sf_diff_encode(const unsigned char* in, unsigned char* out, long long chunks, long long n, int mode,
                         unsigned modulus, const unsigned* incoming) {
    SF_GRID_STRIDE(j, chunks) {
        long long s0 = j * DIFF_CHUNK, s1 = min(n, s0 + DIFF_CHUNK);
        unsigned last = incoming[j];
        for (long long s = s0; s < s1; s++) {
            unsigned x = in[s];
            last = mode == 0 ? ~(x ^ last) & 1u : mode == 1 ? (x ^ last) & 1u : (x + last) % modulus;
            out[s] = (unsigned char)last;
        }
    }
}
