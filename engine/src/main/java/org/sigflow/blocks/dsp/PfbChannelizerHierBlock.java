package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.PfbChannelizer;
import org.sigflow.dsp.Remez;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code pfb_channelizer_hier}: GNU Radio's {@code pfb.channelizer_hier_ccf} (stream to vectors of N, a filter bank
 * whose branch i filters element i with the reversed taps {@code h[i::N]}, a forward FFT, an optional selection of
 * channels). That computes {@code Y_c[m] = sum_n h[n] exp(-j 2 pi c n / N) x[(m-Q+1)N + n]} (h zero-padded to Q·N
 * taps), which is {@code exp(j 2 pi c / N)} times the {@link PfbChannelizer} of the reversed padded taps: so the
 * same channelizer runs here, then each channel's constant phase and the selection. Channel c is centred on
 * {@code c·fs/N}, as GNU Radio's.
 */
public final class PfbChannelizerHierBlock extends SyncBlock {
    private final PfbChannelizer channelizer;
    private final float[] reversed;
    private final int[] outchans;
    private final float[] phaseRe;
    private final float[] phaseIm;
    private final float[][] channels;
    private final int[] zeros;

    PfbChannelizerHierBlock(int n, float[] taps, int[] outchans) {
        super(n, 1);
        int padded = (taps.length + n - 1) / n * n;
        reversed = new float[padded];
        for (int i = 0; i < taps.length; i++) {
            reversed[padded - 1 - i] = taps[i];
        }
        channelizer = new PfbChannelizer(n, reversed);
        this.outchans = outchans;
        phaseRe = new float[n];
        phaseIm = new float[n];
        for (int c = 0; c < n; c++) {
            phaseRe[c] = (float) Math.cos(2 * Math.PI * c / n);
            phaseIm[c] = (float) Math.sin(2 * Math.PI * c / n);
        }
        channels = new float[n][2 * channelizer.maxSteps()];
        zeros = new int[n];
    }

    public int channels() {
        return phaseRe.length;
    }

    /** The reversed prototype, zero-padded to whole branches: the taps of the channelizer this runs (CUDA twin). */
    public float[] reversedTaps() {
        return reversed.clone();
    }

    /** The channel each output carries. */
    public int[] outchans() {
        return outchans.clone();
    }

    /** Output k's constant phase, interleaved (re, im): the float values this block multiplies by. */
    public float[] outputPhases() {
        float[] p = new float[2 * outchans.length];
        for (int k = 0; k < outchans.length; k++) {
            p[2 * k] = phaseRe[outchans[k]];
            p[2 * k + 1] = phaseIm[outchans[k]];
        }
        return p;
    }

    @Override
    public int history() {
        return channelizer.history();
    }

    @Override
    protected int maxSteps() {
        return channelizer.maxSteps();
    }

    @Override
    protected void process(WorkIo io, int steps) {
        channelizer.process(io.in(0).floats(), io.in(0).offset(), steps, channels, zeros);
        for (int k = 0; k < outchans.length; k++) {
            int c = outchans[k];
            float[] y = channels[c];
            float[] out = io.out(k).floats();
            int o = io.out(k).offset();
            for (int m = 0; m < steps; m++) {
                float re = y[2 * m];
                float im = y[2 * m + 1];
                out[o + 2 * m] = re * phaseRe[c] - im * phaseIm[c];
                out[o + 2 * m + 1] = re * phaseIm[c] + im * phaseRe[c];
            }
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "pfb_channelizer_hier";
        }

        @Override
        public PfbChannelizerHierBlock create(BlockSetup s) {
            int n = s.integer("nchans");
            if (n < 1) {
                throw new IllegalArgumentException("number of channels must be >= 1, got " + n);
            }
            float[] given = s.reals("taps");
            double bw = s.real("bw");
            float[] taps = given.length > 0 ? given
                    : Remez.optfirLowPass(1, n, bw, bw + s.real("tb"), s.real("ripple"), s.real("atten"));
            float[] chosen = s.reals("outchans");
            int[] outchans = new int[chosen.length == 0 ? n : chosen.length];
            for (int k = 0; k < outchans.length; k++) {
                outchans[k] = chosen.length == 0 ? k : (int) chosen[k];
                if (outchans[k] != (chosen.length == 0 ? k : chosen[k]) || outchans[k] < 0 || outchans[k] >= n) {
                    throw new IllegalArgumentException("output channel " + chosen[k] + " is not a channel number 0.."
                            + (n - 1));
                }
            }
            return new PfbChannelizerHierBlock(n, taps, outchans);
        }
    }
}
