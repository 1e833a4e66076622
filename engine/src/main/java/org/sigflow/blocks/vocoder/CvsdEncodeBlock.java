package org.sigflow.blocks.vocoder;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.Firdes;
import org.sigflow.dsp.VolkDotProduct;
import org.sigflow.dsp.WindowType;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code cvsd_encode}: GNU Radio's {@code vocoder.cvsd_encode_fb} hier block, fused: × 32000, an interpolating FIR
 * ({@code firdes.low_pass(resample, resample, bw, 2 bw)}, Hamming) by {@code resample}, float → short (VOLK's
 * rounding), then the CVSD encoder packing 8 bits per byte, first bit most significant. The FIR's dot products are
 * VOLK's ({@link VolkDotProduct}) over GNU Radio's history of zeros, so the bytes equal GNU Radio's.
 */
public final class CvsdEncodeBlock extends SyncBlock {
    static final float SCALE = 32000f;

    private final float[][] phases;
    private final int taps;
    private final int resample;
    private final CvsdState codec = new CvsdState();
    private float[] scaled = new float[0];
    private int bits;
    private int bitCount;

    CvsdEncodeBlock(int resample, double bw) {
        super(8 / gcd(8, resample), resample / gcd(8, resample));
        this.resample = resample;
        float[] h = Firdes.toFloat(Firdes.lowPass(resample, resample, bw, 2 * bw, WindowType.HAMMING, 6.76));
        taps = (h.length + resample - 1) / resample;
        phases = new float[resample][taps];            // GNU Radio's interp_fir_filter: tap i to branch i % resample
        for (int i = 0; i < h.length; i++) {
            phases[i % resample][i / resample] = h[i];
        }
    }

    static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    @Override
    public int history() {
        return taps;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        int n = steps * decimation();
        int past = taps - 1;
        float[] x = io.in(0).floats();
        int from = io.in(0).offset() - past;
        if (scaled.length < n + past) {
            scaled = new float[n + past];
        }
        for (int k = 0; k < n + past; k++) {
            scaled[k] = x[from + k] * SCALE;
        }
        long first = io.in(0).position() - past;
        byte[] out = io.out(0).bytes();
        int o = io.out(0).offset();
        for (int i = 0; i < n; i++) {
            for (float[] phase : phases) {
                float v = VolkDotProduct.real(phase, scaled, i, first + i);
                short s = (short) Math.rint(Math.max(-32768f, Math.min(32767f, v)));
                bits = bits << 1 | codec.encode(s);
                if (++bitCount == 8) {
                    out[o++] = (byte) bits;
                    bits = 0;
                    bitCount = 0;
                }
            }
        }
    }

    @Override
    protected long costPerStep() {
        return (long) decimation() * taps * resample;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "cvsd_encode";
        }

        @Override
        public CvsdEncodeBlock create(BlockSetup s) {
            return new CvsdEncodeBlock(resample(s), bandwidth(s));
        }
    }

    static int resample(BlockSetup s) {
        int r = s.integer("resample");
        if (r < 1) {
            throw new IllegalArgumentException(s.blockId() + " needs a resample factor >= 1, got " + r);
        }
        return r;
    }

    static double bandwidth(BlockSetup s) {
        double bw = s.real("bw");
        if (!(bw > 0 && bw <= 0.5)) {
            throw new IllegalArgumentException(s.blockId() + " needs a fractional bandwidth in (0, 0.5], got " + bw);
        }
        return bw;
    }
}
