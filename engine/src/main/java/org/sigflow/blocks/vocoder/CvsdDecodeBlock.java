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
 * {@code cvsd_decode}: GNU Radio's {@code vocoder.cvsd_decode_bf} hier block, fused: the CVSD decoder (8 samples per
 * byte, first bit most significant), short → float, a decimating FIR ({@code firdes.low_pass(1, 1, bw, 2 bw)},
 * Hamming) by {@code resample} with VOLK's dot products, then × (1 / 32000).
 */
public final class CvsdDecodeBlock extends SyncBlock {
    private static final float UNSCALE = (float) (1.0 / CvsdEncodeBlock.SCALE);

    private final float[] taps;
    private final int resample;
    private final CvsdState codec = new CvsdState();
    /** Decoded samples: the FIR's history (zeros at first), then this call's. */
    private float[] decoded;

    CvsdDecodeBlock(int resample, double bw) {
        super(resample / CvsdEncodeBlock.gcd(8, resample), 8 / CvsdEncodeBlock.gcd(8, resample));
        this.resample = resample;
        taps = Firdes.toFloat(Firdes.lowPass(1, 1, bw, 2 * bw, WindowType.HAMMING, 6.76));
        decoded = new float[taps.length - 1];
    }

    @Override
    protected void process(WorkIo io, int steps) {
        int bytes = steps * decimation();
        int past = taps.length - 1;
        if (decoded.length < past + 8 * bytes) {
            decoded = java.util.Arrays.copyOf(decoded, past + 8 * bytes);
        }
        byte[] in = io.in(0).bytes();
        int from = io.in(0).offset();
        for (int b = 0; b < bytes; b++) {
            int value = in[from + b] & 0xff;
            for (int bit = 7; bit >= 0; bit--) {
                decoded[past + 8 * b + 7 - bit] = codec.decode(value & 1 << bit);
            }
        }
        long first = 8 * io.in(0).position() - past;        // stream index of decoded[0]
        float[] out = io.out(0).floats();
        int o = io.out(0).offset();
        int n = steps * interpolation();
        for (int m = 0; m < n; m++) {
            out[o + m] = VolkDotProduct.real(taps, decoded, m * resample, first + (long) m * resample) * UNSCALE;
        }
        System.arraycopy(decoded, 8 * bytes, decoded, 0, past);
    }

    @Override
    protected long costPerStep() {
        return (long) interpolation() * taps.length + 8L * decimation();
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "cvsd_decode";
        }

        @Override
        public CvsdDecodeBlock create(BlockSetup s) {
            return new CvsdDecodeBlock(CvsdEncodeBlock.resample(s), CvsdEncodeBlock.bandwidth(s));
        }
    }
}
