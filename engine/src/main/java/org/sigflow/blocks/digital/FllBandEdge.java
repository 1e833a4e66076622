package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code fll_band_edge}: GNU Radio's fll_band_edge_cc, in float32 as GNU Radio computes it. The input is turned by
 * the loop's phase; the result passes the band-edge filters (a two-sinc prototype of {@code filter_size} taps spun to
 * ±(1 + rolloff) / (2 sps)); the error |upper|² − |lower|² drives GNU Radio's second-order control loop (damping
 * √2/2, frequency limited to ±4π / sps, phase wrapped to ±2π). GNU Radio reads its input at the start of its
 * history window, so its output is the input delayed by {@code filter_size} samples (zeros first): kept here, so
 * samples equal GNU Radio's. Optional outputs: the loop's frequency, phase and error per sample.
 */
final class FllBandEdge extends SyncBlock {
    private final int size;
    private final float[] upper;   // interleaved taps, tap k meets the sample k steps back
    private final float[] lower;
    private final float[] delay;   // the last size inputs, ring
    private final float[] filtered; // the last size outputs, ring
    private final float maxFreq;
    private final float alpha;
    private final float beta;
    private int pos;
    private float phase;
    private float freq;

    FllBandEdge(float sps, float rolloff, int size, float bw) {
        this.size = size;
        this.upper = new float[2 * size];
        this.lower = new float[2 * size];
        design(sps, rolloff, size);
        this.delay = new float[2 * size];
        this.filtered = new float[2 * size];
        this.maxFreq = (float) (2 * Math.PI * (2.0 / sps));
        float damping = (float) Math.sqrt(2.0f) / 2.0f;
        float denom = (float) (1.0 + 2.0 * damping * bw + bw * bw);
        this.alpha = 4 * damping * bw / denom;
        this.beta = 4 * bw * bw / denom;
    }

    private static float sinc(float x) {
        return x == 0 ? 1f : (float) (Math.sin(Math.PI * x) / (Math.PI * x));
    }

    /** GNU Radio's design_filter, including its float/double mix. */
    private void design(float sps, float rolloff, int n) {
        int m = (int) Math.rint(n / sps);
        float power = 0;
        float[] bb = new float[n];
        for (int i = 0; i < n; i++) {
            float k = (float) (-m + i * 2.0 / sps);
            bb[i] = sinc((float) (rolloff * k - 0.5)) + sinc((float) (rolloff * k + 0.5));
            power += bb[i];
        }
        int half = (int) ((n - 1.0) / 2.0);
        for (int i = 0; i < n; i++) {
            float tap = bb[i] / power;
            float k = (float) ((-half + i) / (2.0 * sps));
            float arg = (float) (2 * Math.PI * (1 + rolloff) * k);
            float c = (float) Math.cos(arg);
            float s = (float) Math.sin(arg);
            // GNU Radio stores them reversed and its filter reverses them again: tap index = n - 1 - i
            int t = 2 * (n - 1 - i);
            lower[t] = tap * c;
            lower[t + 1] = -tap * s;
            upper[t] = tap * c;
            upper[t + 1] = tap * s;
        }
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] x = io.in(0).floats();
        int ip = io.in(0).offset();
        float[] y = io.out(0).floats();
        int op = io.out(0).offset();
        int outputs = io.outputCount();
        for (int i = 0; i < steps; i++) {
            // the sample size steps back (GNU Radio's in[i] under its history of size + 1)
            float xr = delay[2 * pos];
            float xi = delay[2 * pos + 1];
            delay[2 * pos] = x[ip + 2 * i];
            delay[2 * pos + 1] = x[ip + 2 * i + 1];
            float c = (float) Math.cos(phase);
            float s = (float) Math.sin(phase);
            float yr = xr * c - xi * s;
            float yi = xr * s + xi * c;
            y[op + 2 * i] = yr;
            y[op + 2 * i + 1] = yi;
            filtered[2 * pos] = yr;
            filtered[2 * pos + 1] = yi;
            float ur = 0f;
            float ui = 0f;
            float lr = 0f;
            float li = 0f;
            for (int k = 0; k < size; k++) {
                int e = 2 * ((pos - k + size) % size);
                float fr = filtered[e];
                float fi = filtered[e + 1];
                ur += upper[2 * k] * fr - upper[2 * k + 1] * fi;
                ui += upper[2 * k] * fi + upper[2 * k + 1] * fr;
                lr += lower[2 * k] * fr - lower[2 * k + 1] * fi;
                li += lower[2 * k] * fi + lower[2 * k + 1] * fr;
            }
            pos = (pos + 1) % size;
            float error = (ur * ur + ui * ui) - (lr * lr + li * li);
            freq = freq + beta * error;
            phase = phase + freq + alpha * error;
            while (phase > 2 * Math.PI) {
                phase -= (float) (2 * Math.PI);
            }
            while (phase < -2 * Math.PI) {
                phase += (float) (2 * Math.PI);
            }
            freq = Math.max(-maxFreq, Math.min(maxFreq, freq));
            if (outputs == 4) {
                io.out(1).floats()[io.out(1).offset() + i] = freq;
                io.out(2).floats()[io.out(2).offset() + i] = phase;
                io.out(3).floats()[io.out(3).offset() + i] = error;
            }
        }
    }

    @Override
    protected long costPerStep() {
        return 8L * size;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "fll_band_edge";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "fll_band_edge '" + s.instanceId() + "'";
            float sps = (float) s.real("samps_per_sym");
            float rolloff = (float) s.real("rolloff");
            int size = s.integer("filter_size");
            float bw = (float) s.real("loop_bw");
            if (!(sps > 0) || !(rolloff >= 0 && rolloff <= 1) || size < 1 || !(bw >= 0)) {
                throw new IllegalArgumentException(name + ": needs samples per symbol > 0, rolloff in [0, 1], a "
                        + "filter size >= 1 and a loop bandwidth >= 0 (got " + sps + ", " + rolloff + ", " + size
                        + ", " + bw + ")");
            }
            return new FllBandEdge(sps, rolloff, size, bw);
        }
    }
}
