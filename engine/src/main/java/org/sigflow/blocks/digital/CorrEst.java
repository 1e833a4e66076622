package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code corr_est}: GNU Radio's corr_est_cc. Output 0 is the input delayed by N = len(symbols) items; output 1 (if
 * connected) the correlation {@code c[k] = sum_m conj(s[m]) x[k - N + 1 + m]} of the undelayed input. Detections
 * follow GNU Radio's work(): per call, a sample whose |c|^2 (dynamic: the mean of it and the next) exceeds the
 * threshold starts a climb to the local peak i, tagged corr_start on output 0, and phase_est / time_est / corr_est /
 * amp_est at i + mark_delay (on output 1 at i); then i jumps by round(sps). Neighbours outside the call count as 0
 * (GNU Radio reads past its buffer there), so detections at call edges and the per-call dynamic threshold and
 * amp_est depend on call sizes, as in GNU Radio.
 */
final class CorrEst extends SyncBlock {
    private final float[] symbols;
    private final int n;
    private final int markDelay;
    private final int skip;
    private final boolean dynamic;
    private final float absoluteThreshold;
    private final float pfa;
    private float[] window = new float[0];
    private float[] mag = new float[0];
    private float[] corr = new float[0];
    private final float[] past;

    CorrEst(float[] symbols, double sps, int markDelay, double threshold, boolean dynamic) {
        this.symbols = symbols;
        this.n = symbols.length / 2;
        this.markDelay = Math.min(markDelay, n - 1);
        this.skip = (int) ((float) sps + 0.5f);
        this.dynamic = dynamic;
        float energy = 0;
        for (int m = 0; m < n; m++) {
            float re = symbols[2 * m];
            float im = symbols[2 * m + 1];
            energy += re * re + im * im;
        }
        this.absoluteThreshold = (float) threshold * energy * energy;
        this.pfa = (float) -Math.log(1.0 - threshold);
        this.past = new float[2 * n];
    }

    @Override
    protected long costPerStep() {
        return n;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] in = io.in(0).floats();
        int ip = io.in(0).offset();
        if (window.length < 2 * (n + steps)) {
            window = new float[2 * (n + steps)];
            mag = new float[steps];
            corr = new float[2 * steps];
        }
        System.arraycopy(past, 0, window, 0, 2 * n);
        System.arraycopy(in, ip, window, 2 * n, 2 * steps);
        OutputView out = io.out(0);
        System.arraycopy(window, 0, out.floats(), out.offset(), 2 * steps);
        float mean = 0;
        for (int k = 0; k < steps; k++) {
            float re = 0;
            float im = 0;
            for (int m = 0; m < n; m++) {
                float sr = symbols[2 * m];
                float si = symbols[2 * m + 1];
                float xr = window[2 * (k + 1 + m)];
                float xi = window[2 * (k + 1 + m) + 1];
                re += sr * xr + si * xi;
                im += sr * xi - si * xr;
            }
            corr[2 * k] = re;
            corr[2 * k + 1] = im;
            mag[k] = re * re + im * im;
            mean += mag[k];
        }
        boolean corrOut = io.outputCount() > 1;
        if (corrOut) {
            System.arraycopy(corr, 0, io.out(1).floats(), io.out(1).offset(), 2 * steps);
        }
        float threshold = dynamic ? 2 * (mean / steps * pfa) : absoluteThreshold;
        detect(io, steps, threshold, corrOut);
        System.arraycopy(window, 2 * steps, past, 0, 2 * n);
    }

    private void detect(WorkIo io, int steps, float threshold, boolean corrOut) {
        long at = io.out(0).position();
        int i = 0;
        while (i < steps) {
            float level = dynamic ? (mag[i] + at(i + 1, steps)) * 0.5f : mag[i];
            if (level <= threshold) {
                i++;
                continue;
            }
            while (i < steps - 1 && mag[i] < mag[i + 1]) {
                i++;
            }
            io.out(0).addTag(at + i, "corr_start", (double) mag[i]);
            double before = i > 0 ? mag[i - 1] : 0;
            double after = at(i + 1, steps);
            double center = (before + 2.0 * mag[i] + 3.0 * after) / (before + mag[i] + after) - 2.0;
            float peak = 0;
            for (int k = 0; k < steps; k++) {
                float re = window[2 * k];
                float im = window[2 * k + 1];
                peak = Math.max(peak, re * re + im * im);
            }
            double amp = 1 / (float) Math.sqrt(peak);
            double phase = (float) Math.atan2(corr[2 * i + 1], corr[2 * i]);
            tag(io.out(0), at + i + markDelay, phase, center, mag[i], amp);
            if (corrOut) {
                tag(io.out(1), at + i, phase, center, mag[i], amp);
            }
            i += skip;
        }
    }

    private float at(int k, int steps) {
        return k < steps ? mag[k] : 0f;
    }

    private static void tag(OutputView out, long offset, double phase, double center, float corrMag, double amp) {
        out.addTag(offset, "phase_est", phase);
        out.addTag(offset, "time_est", center);
        out.addTag(offset, "corr_est", (double) corrMag);
        out.addTag(offset, "amp_est", amp);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "corr_est";
        }

        @Override
        public Block create(BlockSetup s) {
            float[] symbols = s.complexes("symbols");
            String name = "corr_est '" + s.instanceId() + "'";
            if (symbols.length == 0) {
                throw new IllegalArgumentException(name + ": the symbols list is empty");
            }
            boolean dynamic = s.string("threshold_method").equals("dynamic");
            double threshold = s.real("threshold");
            if (dynamic && !(threshold < 1)) {
                throw new IllegalArgumentException(name + ": a dynamic threshold must be below 1, got " + threshold);
            }
            return new CorrEst(symbols, s.real("sps"), s.integer("mark_delay"), threshold, dynamic);
        }
    }
}
