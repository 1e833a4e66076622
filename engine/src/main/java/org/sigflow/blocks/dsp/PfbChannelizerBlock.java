package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.Firdes;
import org.sigflow.dsp.PfbChannelizer;
import org.sigflow.dsp.WindowType;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code pfb_channelizer}: one complex input, {@code nchans} complex outputs at {@code 1/nchans} of the rate
 * (see {@link PfbChannelizer}). Empty taps design a default prototype: a Blackman-Harris window-method low-pass at
 * sample rate {@code nchans} with cutoff 0.5 (the channel edge) and transition width 0.2 of a channel.
 */
public final class PfbChannelizerBlock extends SyncBlock {
    private final PfbChannelizer channelizer;
    private final float[] prototype;
    private final float[][] outArrays;
    private final int[] outOffsets;

    PfbChannelizerBlock(float[] prototype, PfbChannelizer channelizer) {
        super(channelizer.channels(), 1);
        this.prototype = prototype;
        this.channelizer = channelizer;
        this.outArrays = new float[channelizer.channels()][];
        this.outOffsets = new int[channelizer.channels()];
    }

    public int channels() {
        return channelizer.channels();
    }

    /** The prototype low-pass (given or designed), for the CUDA twin. */
    public float[] prototype() {
        return prototype.clone();
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
        for (int k = 0; k < outArrays.length; k++) {
            outArrays[k] = io.out(k).floats();
            outOffsets[k] = io.out(k).offset();
        }
        channelizer.process(io.in(0).floats(), io.in(0).offset(), steps, outArrays, outOffsets);
    }

    /** The default prototype for {@code n} channels (unity gain in each channel's pass band). */
    static float[] defaultTaps(int n) {
        return Firdes.toFloat(Firdes.lowPass(1, n, 0.5, 0.2, WindowType.BLACKMAN_HARRIS, 0));
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "pfb_channelizer";
        }

        @Override
        public PfbChannelizerBlock create(BlockSetup s) {
            int n = s.integer("nchans");
            if (n < 1) {
                throw new IllegalArgumentException("number of channels must be >= 1, got " + n);
            }
            if (s.real("osr") != 1) {
                throw new IllegalArgumentException("only an oversample rate of 1 is implemented, got " + s.real("osr"));
            }
            float[] given = s.reals("taps");
            float[] taps = given.length == 0 ? defaultTaps(n) : given;
            return new PfbChannelizerBlock(taps, new PfbChannelizer(n, taps));
        }
    }
}
