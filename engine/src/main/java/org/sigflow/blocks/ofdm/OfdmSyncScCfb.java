package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.VolkDotProduct;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code ofdm_sync_sc_cfb}: GNU Radio's Schmidl &amp; Cox synchroniser, a hier block of standard blocks, computed
 * here in one pass as those blocks compute it: P[n] = Σ ±x[m]·conj(x[m - N/2]) over the last N/2 samples
 * (fir_filter_ccf of ±1 taps, −1 unless use_even_carriers; VOLK's summation order), R[n] = Σ 0.5·|x[m]|² over the
 * last N samples (fir_filter_fff), the metric |P|²/(R·R); GNU Radio's plateau_detector_fb(cp_len, threshold) marks
 * the middle of each run of two or more samples at or above the threshold (then skips cp_len samples) on the
 * detect output; the freq output holds arg(P) from each detection on (sample_and_hold_ff). Zeros before the first
 * sample. arg is exact atan2 (GNU Radio: fast_atan2f, within about 1e-5 rad).
 */
final class OfdmSyncScCfb implements Block {
    private static final int MAX_CALL = 8192;
    private final int half;
    private final int fftLen;
    private final float[] corrTaps;
    private final float[] powerTaps;
    private final int maxLen;
    private final float threshold;
    private final float[] x;          // the last N input samples (interleaved), oldest first
    private final float[] dHist;      // the last N/2 - 1 products
    private final float[] magHist;    // the last N - 1 |x|^2
    private long count;               // input samples consumed
    private float[] metric = new float[0];
    private float[] angle = new float[0];
    private long qStart;              // stream index of metric[0]
    private int qLen;
    private long skipTo;
    private long trigger = -1;
    private float held;

    OfdmSyncScCfb(int fftLen, int cpLen, boolean evenCarriers, float threshold) {
        this.fftLen = fftLen;
        this.half = fftLen / 2;
        this.corrTaps = new float[half];
        java.util.Arrays.fill(corrTaps, evenCarriers ? 1f : -1f);
        this.powerTaps = new float[fftLen];
        java.util.Arrays.fill(powerTaps, 0.5f);
        this.maxLen = cpLen;
        this.threshold = threshold;
        this.x = new float[2 * fftLen];
        this.dHist = new float[2 * (half - 1)];
        this.magHist = new float[fftLen - 1];
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    /** Metric and angle of the next {@code n} input samples, appended to the queue. */
    private void compute(float[] in, int off, int n) {
        float[] d = new float[dHist.length + 2 * n];
        float[] mag = new float[magHist.length + n];
        System.arraycopy(dHist, 0, d, 0, dHist.length);
        System.arraycopy(magHist, 0, mag, 0, magHist.length);
        for (int i = 0; i < n; i++) {
            float re = in[off + 2 * i];
            float im = in[off + 2 * i + 1];
            // x[m - N/2]: N/2 places back in the window of the last N samples (shifted in below)
            float dr = x[2 * half];
            float di = -x[2 * half + 1];
            System.arraycopy(x, 2, x, 0, 2 * fftLen - 2);
            x[2 * fftLen - 2] = re;
            x[2 * fftLen - 1] = im;
            d[dHist.length + 2 * i] = re * dr - im * di;
            d[dHist.length + 2 * i + 1] = re * di + im * dr;
            mag[magHist.length + i] = re * re + im * im;
        }
        grow(n);
        float[] p = new float[2];
        for (int i = 0; i < n; i++) {
            long s = count + i;
            VolkDotProduct.complex(corrTaps, d, 2 * i, s - (half - 1), p, 0);
            float r = VolkDotProduct.real(powerTaps, mag, i, s - (fftLen - 1));
            float p2 = p[0] * p[0] + p[1] * p[1];
            metric[qLen] = p2 / (r * r);
            angle[qLen] = (float) Math.atan2(p[1], p[0]);
            qLen++;
        }
        System.arraycopy(d, d.length - dHist.length, dHist, 0, dHist.length);
        System.arraycopy(mag, mag.length - magHist.length, magHist, 0, magHist.length);
        count += n;
    }

    private void grow(int n) {
        if (metric.length < qLen + n) {
            metric = java.util.Arrays.copyOf(metric, Math.max(2 * metric.length, qLen + n));
            angle = java.util.Arrays.copyOf(angle, metric.length);
        }
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        int n = Math.min(in.available(), MAX_CALL);
        if (n > 0) {
            compute(in.floats(), in.offset(), n);
            io.consume(0, n);
        }
        boolean ended = in.finished() && in.available() == n;
        int space = Math.min(io.out(0).space(), io.out(1).space());
        float[] freq = io.out(0).floats();
        byte[] detect = io.out(1).bytes();
        int f0 = io.out(0).offset();
        int d0 = io.out(1).offset();
        int done = 0;
        long end = qStart + qLen;
        while (done < space && qStart + done < end) {
            long p = qStart + done;
            int q = done;
            byte mark = 0;
            if (p == trigger) {
                mark = 1;
                held = angle[q];
                trigger = -1;
            } else if (p >= skipTo && metric[q] >= threshold) {
                if (end - p < 2L * maxLen && !ended) {
                    break;                                  // the plateau detector waits for 2 cp_len samples
                }
                long j = p;
                while (j < end && metric[(int) (j - qStart)] >= threshold) {
                    j++;
                }
                if (j - p > 1) {
                    trigger = p + (j - p) / 2;
                    skipTo = j + maxLen + 1;
                } else {
                    skipTo = j + 1;
                }
                continue;
            }
            freq[f0 + done] = held;
            detect[d0 + done] = mark;
            done++;
        }
        if (done > 0) {
            System.arraycopy(metric, done, metric, 0, qLen - done);
            System.arraycopy(angle, done, angle, 0, qLen - done);
            qLen -= done;
            qStart += done;
            io.produce(0, done);
            io.produce(1, done);
        }
        if (ended && qLen == 0) {
            return WorkResult.DONE;
        }
        return WorkResult.CONTINUE;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "ofdm_sync_sc_cfb";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "ofdm_sync_sc_cfb '" + s.instanceId() + "'";
            int fftLen = s.integer("fft_len");
            int cpLen = s.integer("cp_len");
            if (fftLen < 2 || cpLen < 1) {
                throw new IllegalArgumentException(name + ": the FFT length must be at least 2 and the CP length at "
                        + "least 1, got " + fftLen + " and " + cpLen);
            }
            return new OfdmSyncScCfb(fftLen, cpLen, s.bool("use_even_carriers"), (float) s.real("threshold"));
        }
    }
}
