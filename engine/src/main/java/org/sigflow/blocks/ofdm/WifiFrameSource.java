package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.FrameSource;
import org.sigflow.ofdm.Wifi80211a;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code wifi_frame_source}: {@code frames} 802.11a-style frames, each after a gap of silence ({@link Wifi80211a}). */
@AutoService(BlockFactory.class)
public final class WifiFrameSource implements BlockFactory {
    @Override
    public String id() {
        return "wifi_frame_source";
    }

    @Override
    public Block create(BlockSetup s) {
        Wifi80211a frames = new Wifi80211a(s.integer("data_symbols"), s.integer("gap"), s.real("amplitude"),
                s.longValue("seed"));
        return new FrameSource(s.longValue("frames"), frames.length(), 2, frames::write);
    }
}
