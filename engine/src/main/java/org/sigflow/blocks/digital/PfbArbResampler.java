package org.sigflow.blocks.digital;

import org.sigflow.dsp.VolkDotProduct;

/**
 * GNU Radio's polyphase arbitrary resampler kernel ({@code gr::filter::kernel::pfb_arb_resampler_ccf}) for complex
 * samples and real taps: {@code nfilts} sub-filters of the prototype taps and of their first difference; for each
 * input sample it emits outputs from filter j = last_filter, j + dec_rate + floor(acc), … while j < nfilts,
 * each {@code o0 + o1 * acc}, acc being the float fractional accumulator. State (filter index, accumulator, history)
 * carries over between calls, so the output does not depend on how the input is cut.
 */
final class PfbArbResampler {
    private final int nfilts;
    private final int perFilter;
    private final float[][] filters;
    private final float[][] diffFilters;
    private final int decRate;
    private final float fltRate;
    private final float[] history; // interleaved, newest last; perFilter samples
    private int j;
    private float acc;
    private long pushed;
    private final float[] o0 = new float[2];
    private final float[] o1 = new float[2];

    PfbArbResampler(float rate, float[] taps, int nfilts) {
        this.nfilts = nfilts;
        this.decRate = (int) Math.floor(nfilts / rate);
        this.fltRate = nfilts / rate - decRate;
        this.j = (taps.length / 2) % nfilts;
        this.perFilter = (int) Math.ceil((double) taps.length / nfilts);
        float[] diff = new float[taps.length];
        for (int i = 0; i + 1 < taps.length; i++) {
            diff[i] = -taps[i] + taps[i + 1];
        }
        this.filters = polyphase(taps);
        this.diffFilters = polyphase(diff);
        this.history = new float[2 * perFilter];
    }

    private float[][] polyphase(float[] taps) {
        float[][] out = new float[nfilts][perFilter];
        for (int i = 0; i < nfilts; i++) {
            for (int k = 0; k < perFilter; k++) {
                int t = i + k * nfilts;
                out[i][k] = t < taps.length ? taps[t] : 0f;
            }
        }
        return out;
    }

    /** Most outputs one input sample can give. */
    int maxOutputsPerInput() {
        return nfilts / Math.max(1, decRate) + 1;
    }

    /** Pushes one input sample and writes its outputs at {@code out[o]} (interleaved); returns how many. */
    int push(float re, float im, float[] out, int o) {
        System.arraycopy(history, 2, history, 0, history.length - 2);
        history[history.length - 2] = re;
        history[history.length - 1] = im;
        pushed++;
        long windowStart = pushed - perFilter;   // stream index of the oldest sample in the history
        int n = 0;
        while (j < nfilts) {
            // tap k meets the sample k steps back, summed as GNU Radio's VOLK kernels do (a loop downstream,
            // such as a clock recovery, can turn a last-bit difference into another decision)
            VolkDotProduct.complex(filters[j], history, 0, windowStart, o0, 0);
            VolkDotProduct.complex(diffFilters[j], history, 0, windowStart, o1, 0);
            out[o + 2 * n] = o0[0] + o1[0] * acc;
            out[o + 2 * n + 1] = o0[1] + o1[1] * acc;
            n++;
            acc += fltRate;
            j += decRate + (int) Math.floor(acc);
            acc = acc % 1.0f;
        }
        j -= nfilts;   // rate >= 1: exactly one input sample per pass (GNU Radio's i_in += j / nfilts)
        return n;
    }
}
