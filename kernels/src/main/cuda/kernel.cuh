// The one kernel convention every SigFlow CUDA block follows (cusp's kernel.cuh idea): a kernel is
// `extern "C"` (so the engine finds it by name), takes the item count n as a long long, and walks the items with a
// grid-stride loop, so the host picks any grid (it launches min(ceil(n / 256), 32 * SMs) blocks of 256 threads:
// see org.sigflow.cuda.Launch) and one launch covers a whole page.
#pragma once
#include <cuda_fp16.h>

#define SF_KERNEL extern "C" __global__ void
#define SF_GRID_STRIDE(i, n)                                                                      \
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < (n);                 \
         i += (long long)blockDim.x * gridDim.x)

__device__ __forceinline__ float2 cmul(float2 a, float2 b) {
    return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
