package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code ofdm_frame_detect}: frame detection by delayed autocorrelation over the short training field (the thesis's
 * and Schmidl–Cox's): for the window of {@code window} samples ending at sample m,
 * {@code c = Σ x[k−D] conj(x[k])}, metric {@code |c|² / (Σ|x[k−D]|² Σ|x[k]|²)} (1 on a D-periodic signal, about
 * 1/window on noise). After {@code plateau} consecutive samples above {@code threshold} it tags that sample
 * {@code frame_start} with the coarse frequency offset {@code −arg(c)/D} (rad/sample) and waits {@code holdoff}
 * samples before looking again. Samples pass unchanged. Sums in double, recomputed exactly every 4096 samples.
 */
public final class OfdmFrameDetectBlock extends SyncBlock {
    public static final String TAG = "frame_start";
    private final int delay;
    private final int window;
    private final double threshold;
    private final int plateau;
    private final int holdoff;
    private final float[] ring; // the last delay + window complex samples
    private long n;
    private double cr;
    private double ci;
    private double pa;
    private double pb;
    private int above;
    private long quietUntil;

    OfdmFrameDetectBlock(int delay, int window, double threshold, int plateau, int holdoff) {
        this.delay = delay;
        this.window = window;
        this.threshold = threshold;
        this.plateau = plateau;
        this.holdoff = holdoff;
        this.ring = new float[2 * (delay + window)];
    }

    private float re(long k) {
        return k < 0 ? 0f : ring[(int) (2 * (k % (delay + window)))];
    }

    private float im(long k) {
        return k < 0 ? 0f : ring[(int) (2 * (k % (delay + window))) + 1];
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] x = io.in(0).floats();
        float[] y = io.out(0).floats();
        int in = io.in(0).offset();
        System.arraycopy(x, in, y, io.out(0).offset(), 2 * steps);
        int size = delay + window;
        for (int i = 0; i < steps; i++, n++) {
            float xr = x[in + 2 * i];
            float xi = x[in + 2 * i + 1];
            // leaving the window: sample n - window (paired with n - window - delay)
            long out = n - window;
            if (out >= 0) {
                cr -= re(out - delay) * re(out) + im(out - delay) * im(out);
                ci -= im(out - delay) * re(out) - re(out - delay) * im(out);
                pa -= re(out - delay) * re(out - delay) + im(out - delay) * im(out - delay);
                pb -= re(out) * re(out) + im(out) * im(out);
            }
            ring[(int) (2 * (n % size))] = xr;
            ring[(int) (2 * (n % size)) + 1] = xi;
            float dr = re(n - delay);
            float di = im(n - delay);
            cr += dr * xr + di * xi; // x[n-D] conj(x[n])
            ci += di * xr - dr * xi;
            pa += dr * dr + di * di;
            pb += xr * xr + xi * xi;
            if (n % 4096 == 4095) {
                exactSums();
            }
            double metric = pa > 0 && pb > 0 ? (cr * cr + ci * ci) / (pa * pb) : 0;
            above = metric > threshold ? above + 1 : 0;
            if (above >= plateau && n >= quietUntil) {
                io.out(0).addTag(n, TAG, -Math.atan2(ci, cr) / delay);
                quietUntil = n + holdoff;
                above = 0;
            }
        }
    }

    /** Recomputes the sums over the window ending at n, so rounding does not accumulate. */
    private void exactSums() {
        cr = 0;
        ci = 0;
        pa = 0;
        pb = 0;
        for (long k = n - window + 1; k <= n; k++) {
            float dr = re(k - delay);
            float di = im(k - delay);
            cr += dr * re(k) + di * im(k);
            ci += di * re(k) - dr * im(k);
            pa += dr * dr + di * di;
            pb += re(k) * re(k) + im(k) * im(k);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "ofdm_frame_detect";
        }

        @Override
        public OfdmFrameDetectBlock create(BlockSetup s) {
            int delay = s.integer("delay");
            int window = s.integer("window");
            if (delay < 1 || window < 1) {
                throw new IllegalArgumentException("delay and window must be >= 1, got " + delay + ", " + window);
            }
            return new OfdmFrameDetectBlock(delay, window, s.real("threshold"), s.integer("plateau"),
                    s.integer("holdoff"));
        }
    }
}
