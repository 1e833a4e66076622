// Moving sum y[n] = scale * sum_{k<L} x[n-k] on each float lane of the items (a complex or vector item has several
// lanes, interleaved: x_c[n] = in[n * lanes + c]). One thread block per tile of MA_TILE outputs of one lane: it sums
// the first output's window directly (a block reduction), then adds the inclusive scan of d[j] = x[j] - x[j-L] over
// the tile, all in double. Each tile starts from a direct sum, so no rounding carries from tile to tile or page to
// page; the state across pages is only the last H items, in hist (hist[(H - k) * lanes + c] = x_c[-k]).
#include "kernel.cuh"

#define MA_TILE 256  // outputs per block = threads per block

template <typename In>
__device__ __forceinline__ double lane_at(const In* in, const In* hist, long long n, int lanes, int c, int H) {
    return n >= 0 ? (double)in[n * lanes + c] : (double)hist[(H + n) * lanes + c];
}

// grid: (tiles, lanes); n = items in the page; hist holds H >= L items
template <typename In, typename Out>
__device__ void moving_sum(const In* in, Out* out, long long n, int lanes, int L, double scale, const In* hist, int H) {
    __shared__ double s[MA_TILE];
    int c = blockIdx.y;
    long long j0 = (long long)blockIdx.x * MA_TILE;
    int t = threadIdx.x;
    // the first output's window: x[j0 - L + 1 .. j0]
    double part = 0.0;
    for (int k = t; k < L; k += MA_TILE) part += lane_at(in, hist, j0 - k, lanes, c, H);
    s[t] = part;
    __syncthreads();
    for (int w = MA_TILE / 2; w > 0; w >>= 1) {
        if (t < w) s[t] += s[t + w];
        __syncthreads();
    }
    double base = s[0];
    __syncthreads();
    long long j = j0 + t;
    s[t] = (t > 0 && j < n) ? lane_at(in, hist, j, lanes, c, H) - lane_at(in, hist, j - L, lanes, c, H) : 0.0;
    __syncthreads();
    for (int w = 1; w < MA_TILE; w <<= 1) {  // Hillis-Steele inclusive scan
        double v = t >= w ? s[t - w] : 0.0;
        __syncthreads();
        s[t] += v;
        __syncthreads();
    }
    if (j < n) out[j * lanes + c] = (Out)(scale * (base + s[t]));
}

SF_KERNEL sf_moving_sum(const float* in, float* out, long long n, int lanes, int L, float scale, const float* hist,
                        int H) {
    moving_sum<float, float>(in, out, n, lanes, L, (double)scale, hist, H);
}

// The DC blocker's stages: moving means kept in double between stages (as the CPU twin's), from float or double.
SF_KERNEL sf_moving_mean_fd(const float* in, double* out, long long n, int lanes, int L, double scale,
                            const float* hist, int H) {
    moving_sum<float, double>(in, out, n, lanes, L, scale, hist, H);
}
SF_KERNEL sf_moving_mean_dd(const double* in, double* out, long long n, int lanes, int L, double scale,
                            const double* hist, int H) {
    moving_sum<double, double>(in, out, n, lanes, L, scale, hist, H);
}

// DC blocker output: y = x delayed by `delay` items - the last stage's mean (m = items * lanes floats).
SF_KERNEL sf_dc_out(const float* x, const double* mean, float* out, long long m, int lanes, int delay,
                    const float* hist, int H) {
    SF_GRID_STRIDE(i, m) {
        long long item = i / lanes;
        int c = (int)(i - item * lanes);
        out[i] = (float)(lane_at(x, hist, item - delay, lanes, c, H) - mean[i]);
    }
}
