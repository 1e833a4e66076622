// Polyphase filter-bank channelizer (critically sampled, N channels; see org.sigflow.dsp.PfbChannelizer):
//   1. sf_pfb_branches: the N branch FIRs of one step at once, one thread per (step m, branch p):
//      u[m][p] = sum_q h[qN+p] x[mN + N-1-p - qN], the (Q-1)N samples before the page in hist;
//   2. cuFFT: an unscaled inverse N-point transform of each step's frame, written channel-major (advanced layout);
//   3. sf_pfb_scatter: channel k's contiguous run to output page k (a table of N device pointers).
#include "kernel.cuh"

// n = steps * N; taps padded with zeros to Q*N; hist holds (Q-1)*N samples.
SF_KERNEL sf_pfb_branches(const float2* in, float2* frames, long long n, int N, const float* taps, int Q,
                          const float2* hist) {
    long long histLen = (long long)(Q - 1) * N;
    SF_GRID_STRIDE(i, n) {
        long long m = i / N;
        int p = (int)(i - m * N);
        long long idx = m * N + N - 1 - p;  // newest sample of branch p at step m
        float2 acc = make_float2(0.0f, 0.0f);
        for (int q = 0; q < Q; q++, idx -= N) {
            float2 x = idx >= 0 ? in[idx] : hist[histLen + idx];
            float h = taps[q * N + p];
            acc.x = fmaf(h, x.x, acc.x);
            acc.y = fmaf(h, x.y, acc.y);
        }
        frames[i] = acc;
    }
}

// n = N * steps; spectra channel-major (k * steps + m); outs: N device pointers.
SF_KERNEL sf_pfb_scatter(const float2* spectra, float2* const* outs, long long n, long long steps) {
    SF_GRID_STRIDE(i, n) {
        long long k = i / steps;
        outs[k][i - k * steps] = spectra[i];
    }
}
