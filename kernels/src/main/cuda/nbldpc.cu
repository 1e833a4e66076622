// Non-binary LDPC check-node product (between the two Walsh-Hadamard transforms of FFT-BP): messages are vectors of
// q floats, 4 per check (degree 4); each output vector is the element-wise product of its check's 3 other input
// vectors, multiplied in the CPU twin's order (org.sigflow.coding.NbLdpcMessages), so the result is bit-identical.
#include "kernel.cuh"

#define NBLDPC_DC 4

// n = floats in the page (a multiple of 4 q)
SF_KERNEL sf_nbldpc_check_product(const float* in, float* out, long long n, int q) {
    SF_GRID_STRIDE(i, n) {
        long long vec = i / q;
        int a = (int)(i - vec * q);
        int k = (int)(vec % NBLDPC_DC);
        long long base = (vec - k) * q + a;
        float p = 1.0f;
#pragma unroll
        for (int j = 0; j < NBLDPC_DC; j++) {
            if (j != k) p *= in[base + (long long)j * q];
        }
        out[i] = p;
    }
}
