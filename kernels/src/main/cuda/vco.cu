// vco (VcoBlock.java over FixedPointVco, GNU Radio's fxpt_vco): a 32-bit fixed-point phase that advances by
// float_to_fixed(x * k) per sample and wraps; the output is the phase's cosine (and sine) from a 1024-line table,
// times the amplitude. Integer addition modulo 2^32 is associative, so the phase is an exact scan: (1) every chunk
// of VCO_CHUNK samples sums its increments; (2) one block scans the sums from the phase kept on the device and
// leaves each chunk's incoming phase (in place); (3) every chunk reruns from it and writes the outputs. The
// increment and the table lookup repeat the twin's float operations one by one, so the outputs are its bits.
#include "kernel.cuh"

#define VCO_CHUNK 64
#define VCO_SCAN_THREADS 1024

// FixedPointVco.floatToFixed of x * k: d = (int) floor(x / tau + 0.5) (the + 0.5 in double, as Java's double literal),
// x -= d * tau in float, then (int) (x * 2^31 / pi) truncated (Java's saturating cast: cvt.rzi).
__device__ __forceinline__ unsigned vco_increment(float x, float k, float pi, float tau) {
    float v = __fmul_rn(x, k);
    int d = __double2int_rz(floor((double)__fdiv_rn(v, tau) + 0.5));
    v = __fsub_rn(v, __fmul_rn(__int2float_rn(d), tau));
    return (unsigned)__float2int_rz(__fdiv_rn(__fmul_rn(v, 2147483648.0f), pi));
}

// lookup: table[0..1023] slopes, table[1024..2047] values at each line's start.
__device__ __forceinline__ float vco_lookup(unsigned ux, const float* table) {
    unsigned index = ux >> 22;
    return __fadd_rn(__fmul_rn(table[index], __int2float_rn((int)(ux & 0x3fffff))), table[1024 + index]);
}

SF_KERNEL sf_vco_chunk_sums(const float* in, unsigned* sums, long long chunks, long long n, float k, float pi,
                            float tau) {
    SF_GRID_STRIDE(j, chunks) {
        long long s0 = j * VCO_CHUNK, s1 = min(n, s0 + VCO_CHUNK);
        unsigned sum = 0;
        for (long long s = s0; s < s1; s++) sum += vco_increment(in[s], k, pi, tau);
        sums[j] = sum;
    }
}

// grid: one block of VCO_SCAN_THREADS. sums[j] becomes the phase entering chunk j; phase[0] the phase after the page.
SF_KERNEL sf_vco_carry(unsigned* sums, long long chunks, unsigned* phase) {
    __shared__ unsigned ss[VCO_SCAN_THREADS];
    int t = threadIdx.x;
    long long per = (chunks + VCO_SCAN_THREADS - 1) / VCO_SCAN_THREADS;
    long long j0 = min(chunks, t * per), j1 = min(chunks, j0 + per);
    unsigned s = 0;
    for (long long j = j0; j < j1; j++) s += sums[j];
    ss[t] = s;
    __syncthreads();
    for (int w = 1; w < VCO_SCAN_THREADS; w <<= 1) {  // inclusive scan of the segment sums, wrapping
        unsigned left = t >= w ? ss[t - w] : 0u;
        __syncthreads();
        ss[t] += left;
        __syncthreads();
    }
    unsigned p0 = phase[0];
    unsigned p = p0 + (t == 0 ? 0u : ss[t - 1]);  // entering this segment
    for (long long j = j0; j < j1; j++) {
        unsigned next = p + sums[j];
        sums[j] = p;
        p = next;
    }
    __syncthreads();
    if (t == VCO_SCAN_THREADS - 1) phase[0] = p0 + ss[t];
}

// complex: out[2s] = cos, out[2s + 1] = sin; else out[s] = cos. Each times the amplitude.
SF_KERNEL sf_vco_apply(const float* in, float* out, long long chunks, long long n, float k, float pi, float tau,
                       float amplitude, int complex, const float* table, const unsigned* incoming) {
    SF_GRID_STRIDE(j, chunks) {
        long long s0 = j * VCO_CHUNK, s1 = min(n, s0 + VCO_CHUNK);
        unsigned p = incoming[j];
        for (long long s = s0; s < s1; s++) {
            float c = __fmul_rn(vco_lookup(p + 0x40000000u, table), amplitude);
            if (complex) {
                out[2 * s] = c;
                out[2 * s + 1] = __fmul_rn(vco_lookup(p, table), amplitude);
            } else {
                out[s] = c;
            }
            p += vco_increment(in[s], k, pi, tau);
        }
    }
}
