package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.FrameSource;
import org.sigflow.ofdm.Wifi80211a;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code wifi_frame_source}: {@code frames} 802.11a-style frames, each after a gap of silence ({@link Wifi80211a}). */
public final class WifiFrameSourceBlock extends FrameSource {
    private final Wifi80211a frames;

    WifiFrameSourceBlock(Wifi80211a frames, long count) {
        super(count, frames.length(), 2);
        this.frames = frames;
    }

    @Override
    protected void writeFrame(long f, float[] out, int off) {
        frames.write(f, out, off);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "wifi_frame_source";
        }

        @Override
        public Block create(BlockSetup s) {
            return new WifiFrameSourceBlock(new Wifi80211a(s.integer("data_symbols"), s.integer("gap"),
                    s.real("amplitude"), s.longValue("seed")), s.longValue("frames"));
        }
    }
}
