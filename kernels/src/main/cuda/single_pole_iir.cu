// Single-pole IIR y[n] = a x[n] + b y[n-1] (b = 1 - a) as a scan, per float lane c (x_c[n] = in[n * lanes + c]):
// the recurrence maps the state before a chunk of len samples to the state after it by y -> b^len y + e, where e
// is the chunk's own recursion from 0. So: (1) every chunk of IIR_CHUNK samples computes e; (2) one block per lane
// scans those affine maps from the page's incoming state (kept on the device) and leaves each chunk's incoming
// state; (3) every chunk reruns its recursion from that state and writes the outputs. All in double, like the CPU
// twin's state, so the outputs match it to float rounding.
#include "kernel.cuh"

#define IIR_CHUNK 64
#define IIR_SCAN_THREADS 1024

__device__ __forceinline__ long long chunk_len(long long j, long long n) {
    long long s0 = j * IIR_CHUNK;
    return min((long long)IIR_CHUNK, n - s0);
}

// m = lanes * chunks; ends[c * chunks + j]
SF_KERNEL sf_iir1_chunk_ends(const float* in, double* ends, long long m, long long n, int lanes, long long chunks,
                             double a, double b) {
    SF_GRID_STRIDE(t, m) {
        int c = (int)(t / chunks);
        long long j = t - c * chunks;
        long long s0 = j * IIR_CHUNK, s1 = s0 + chunk_len(j, n);
        double p = 0.0;
        for (long long s = s0; s < s1; s++) p = a * in[s * lanes + c] + b * p;
        ends[t] = p;
    }
}

// grid: one block of IIR_SCAN_THREADS per lane. Replaces ends[c][j] by the state entering chunk j; state[c] becomes
// the state after the page.
SF_KERNEL sf_iir1_carry(double* ends, long long n, long long chunks, double b, double* state) {
    __shared__ double sa[IIR_SCAN_THREADS];
    __shared__ double sb[IIR_SCAN_THREADS];
    int c = blockIdx.x;
    int t = threadIdx.x;
    double* e = ends + c * chunks;
    long long per = (chunks + IIR_SCAN_THREADS - 1) / IIR_SCAN_THREADS;
    long long j0 = min(chunks, t * per), j1 = min(chunks, j0 + per);
    double full = pow(b, (double)IIR_CHUNK);
    double A = 1.0, B = 0.0;  // this segment's map y -> A y + B
    for (long long j = j0; j < j1; j++) {
        double d = chunk_len(j, n) == IIR_CHUNK ? full : pow(b, (double)chunk_len(j, n));
        A *= d;
        B = B * d + e[j];
    }
    sa[t] = A;
    sb[t] = B;
    __syncthreads();
    for (int w = 1; w < IIR_SCAN_THREADS; w <<= 1) {  // inclusive scan of the maps, in order
        double pa = 1.0, pb = 0.0;
        if (t >= w) { pa = sa[t - w]; pb = sb[t - w]; }
        __syncthreads();
        if (t >= w) { sb[t] = pb * sa[t] + sb[t]; sa[t] = pa * sa[t]; }
        __syncthreads();
    }
    double y0 = state[c];
    double y = t == 0 ? y0 : sa[t - 1] * y0 + sb[t - 1];  // entering this segment
    for (long long j = j0; j < j1; j++) {
        double d = chunk_len(j, n) == IIR_CHUNK ? full : pow(b, (double)chunk_len(j, n));
        double next = d * y + e[j];
        e[j] = y;
        y = next;
    }
    __syncthreads();
    if (t == IIR_SCAN_THREADS - 1) state[c] = sa[t] * y0 + sb[t];
}

SF_KERNEL sf_iir1_apply(const float* in, float* out, long long m, long long n, int lanes, long long chunks, double a,
                        double b, const double* incoming) {
    SF_GRID_STRIDE(t, m) {
        int c = (int)(t / chunks);
        long long j = t - c * chunks;
        long long s0 = j * IIR_CHUNK, s1 = s0 + chunk_len(j, n);
        double p = incoming[t];
        for (long long s = s0; s < s1; s++) {
            p = a * in[s * lanes + c] + b * p;
            out[s * lanes + c] = (float)p;
        }
    }
}

// FM de-emphasis y[n] = b0 (x[n] + x[n-1]) + p1 y[n-1] (GNU Radio's fm_deemph, p1 = 1 - 2 b0) is the scan above on
// u[n] = x[n] + x[n-1] with a = b0, b = p1: this kernel makes u (prev: the sample before the page).
SF_KERNEL sf_pair_sum(const float* in, float* out, long long n, const float* prev) {
    SF_GRID_STRIDE(i, n) {
        out[i] = in[i] + (i > 0 ? in[i - 1] : prev[0]);
    }
}

// rms (Rms.java, GNU Radio's rms_cf/rms_ff): y = a p + b y on the power p = re² + im² (or x²) in double, output
// (float) sqrt(y). The same scan as above with one lane: these two kernels read p from the samples, sf_iir1_carry
// scans the chunk maps unchanged.
__device__ __forceinline__ double rms_power(const float* in, long long s, int complex) {
    if (complex) {
        double re = in[2 * s], im = in[2 * s + 1];
        return __dadd_rn(__dmul_rn(re, re), __dmul_rn(im, im));
    }
    double v = in[s];
    return __dmul_rn(v, v);
}

SF_KERNEL sf_rms_chunk_ends(const float* in, double* ends, long long chunks, long long n, int complex, double a,
                            double b) {
    SF_GRID_STRIDE(j, chunks) {
        long long s0 = j * IIR_CHUNK, s1 = s0 + chunk_len(j, n);
        double p = 0.0;
        for (long long s = s0; s < s1; s++) p = __dadd_rn(__dmul_rn(a, rms_power(in, s, complex)), __dmul_rn(b, p));
        ends[j] = p;
    }
}

SF_KERNEL sf_rms_apply(const float* in, float* out, long long chunks, long long n, int complex, double a, double b,
                       const double* incoming) {
    SF_GRID_STRIDE(j, chunks) {
        long long s0 = j * IIR_CHUNK, s1 = s0 + chunk_len(j, n);
        double p = incoming[j];
        for (long long s = s0; s < s1; s++) {
            p = __dadd_rn(__dmul_rn(a, rms_power(in, s, complex)), __dmul_rn(b, p));
            out[s] = (float)sqrt(p);
        }
    }
}

// amp_bal (AmpBal.java, GNU Radio's channels.amp_bal): the running averages of I² and Q² (each square in float, as
// the twin, then y = a p + b y in double) as the scan above with two lanes (sf_iir1_carry on 2 blocks), then per
// sample ratio = (float) sqrt(avgI) / (float) sqrt(avgQ) and out = (re, ratio * im).
SF_KERNEL sf_ampbal_chunk_ends(const float* in, double* ends, long long m, long long n, long long chunks, double a,
                               double b) {
    SF_GRID_STRIDE(t, m) {
        int c = (int)(t / chunks);
        long long j = t - c * chunks;
        long long s0 = j * IIR_CHUNK, s1 = s0 + chunk_len(j, n);
        double p = 0.0;
        for (long long s = s0; s < s1; s++) {
            float x = in[2 * s + c];
            p = __dadd_rn(__dmul_rn(b, p), __dmul_rn(a, (double)__fmul_rn(x, x)));
        }
        ends[t] = p;
    }
}

SF_KERNEL sf_ampbal_apply(const float2* in, float2* out, long long chunks, long long n, double a, double b,
                          const double* incoming) {
    SF_GRID_STRIDE(j, chunks) {
        long long s0 = j * IIR_CHUNK, s1 = s0 + chunk_len(j, n);
        double pi = incoming[j], pq = incoming[chunks + j];
        for (long long s = s0; s < s1; s++) {
            float2 x = in[s];
            pi = __dadd_rn(__dmul_rn(b, pi), __dmul_rn(a, (double)__fmul_rn(x.x, x.x)));
            pq = __dadd_rn(__dmul_rn(b, pq), __dmul_rn(a, (double)__fmul_rn(x.y, x.y)));
            float ratio = __fdiv_rn((float)sqrt(pi), (float)sqrt(pq));
            out[s] = make_float2(x.x, __fmul_rn(ratio, x.y));
        }
    }
}
