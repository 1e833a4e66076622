package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.ChannelModel;
import org.sigflow.dsp.GnuRadioChannel;
import org.sigflow.dsp.MmseResampler;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code channel_model}: multipath, frequency offset and noise ({@link ChannelModel}). */
public final class ChannelModelBlock extends SyncBlock {
    private final ChannelModel channel;

    ChannelModelBlock(ChannelModel channel) {
        this.channel = channel;
    }

    @Override
    protected int maxSteps() {
        return 8192;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        channel.process(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "channel_model";
        }

        @Override
        public Block create(BlockSetup s) {
            if (s.has("generator") && s.string("generator").equals("gnuradio")) {
                // GNU Radio's hier block: mmse_resampler_cc(0, epsilon = 1) first (output i reads inputs i..i+7),
                // then the FIR, the offset tone and the noise pool in its arithmetic
                GnuRadioChannel channel = new GnuRadioChannel(s.complexes("taps"), s.real("frequency_offset"),
                        s.real("noise_voltage"), s.longValue("seed"));
                return new SteppingResamplerBlock(new MmseResampler(true, 0f, 1f), 1,
                        MmseResampler.NTAPS_PER_OUTPUT * 2L + s.complexes("taps").length * 2L, channel::process);
            }
            return new ChannelModelBlock(new ChannelModel(s.complexes("taps"), s.real("frequency_offset"),
                    s.real("noise_voltage"), s.longValue("seed")));
        }
    }
}
