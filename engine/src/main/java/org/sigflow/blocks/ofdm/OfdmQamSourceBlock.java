package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.FrameSource;
import org.sigflow.ofdm.OfdmSymbols;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/** {@code ofdm_qam_source}: {@code symbols} 16-QAM OFDM symbols in time, cyclic prefix first ({@link OfdmSymbols}). */
public final class OfdmQamSourceBlock extends FrameSource {
    private final OfdmSymbols symbols;

    OfdmQamSourceBlock(OfdmSymbols symbols, long count) {
        super(count, symbols.length(), 2);
        this.symbols = symbols;
    }

    @Override
    protected void writeFrame(long f, float[] out, int off) {
        symbols.write(f, out, off);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "ofdm_qam_source";
        }

        @Override
        public Block create(BlockSetup s) {
            return new OfdmQamSourceBlock(OfdmParams.symbols(s), s.longValue("symbols"));
        }
    }
}
