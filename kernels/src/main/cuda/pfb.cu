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

// The hierarchical channelizer's scatter (pfb_channelizer_hier_cuda): output k from channel chans[k] times its
// constant phase (phase[k], the CPU twin's floats), in the twin's float operations (no fused multiply-add).
// n = K * steps for K outputs; spectra channel-major (c * steps + m); outs: K device pointers.
SF_KERNEL sf_pfb_scatter_select(const float2* spectra, float2* const* outs, long long n, long long steps,
                                const int* chans, const float2* phase) {
    SF_GRID_STRIDE(i, n) {
        long long k = i / steps;
        long long m = i - k * steps;
        float2 y = spectra[(long long)chans[k] * steps + m];
        float2 p = phase[k];
        outs[k][m] = make_float2(__fsub_rn(__fmul_rn(y.x, p.x), __fmul_rn(y.y, p.y)),
                                 __fadd_rn(__fmul_rn(y.x, p.y), __fmul_rn(y.y, p.x)));
    }
}
