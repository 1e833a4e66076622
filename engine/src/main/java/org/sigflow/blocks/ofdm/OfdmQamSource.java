package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.FrameSource;
import org.sigflow.ofdm.OfdmSymbols;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code ofdm_qam_source}: {@code symbols} 16-QAM OFDM symbols in time, cyclic prefix first ({@link OfdmSymbols}). */
@AutoService(BlockFactory.class)
public final class OfdmQamSource implements BlockFactory {
    @Override
    public String id() {
        return "ofdm_qam_source";
    }

    @Override
    public Block create(BlockSetup s) {
        OfdmSymbols symbols = OfdmParams.symbols(s);
        return new FrameSource(s.longValue("symbols"), symbols.length(), 2, symbols::write);
    }
}
