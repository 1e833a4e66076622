package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.ChannelModel;
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
        public ChannelModelBlock create(BlockSetup s) {
            return new ChannelModelBlock(new ChannelModel(s.complexes("taps"), s.real("frequency_offset"),
                    s.real("noise_voltage"), s.longValue("seed")));
        }
    }
}
