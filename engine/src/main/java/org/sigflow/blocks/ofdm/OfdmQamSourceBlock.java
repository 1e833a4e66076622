package org.sigflow.blocks.ofdm;

import com.google.auto.service.AutoService;
import org.sigflow.ofdm.OfdmSymbols;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/** {@code ofdm_qam_source}: {@code symbols} 16-QAM OFDM symbols in time, cyclic prefix first ({@link OfdmSymbols}). */
public final class OfdmQamSourceBlock implements Block {
    private final OfdmSymbols symbols;
    private final long count;
    private long next;

    OfdmQamSourceBlock(OfdmSymbols symbols, long count) {
        this.symbols = symbols;
        this.count = count;
    }

    @Override
    public WorkResult work(WorkIo io) {
        OutputView out = io.out(0);
        int len = symbols.length();
        int n = (int) Math.min(out.space() / len, count - next);
        if (n <= 0) {
            return next >= count ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        for (int k = 0; k < n; k++) {
            symbols.write(next + k, out.floats(), out.offset() + 2 * k * len);
        }
        io.produce(0, n * len);
        next += n;
        return WorkResult.CONTINUE;
    }

    @Override
    public int outputMultiple() {
        return symbols.length();
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "ofdm_qam_source";
        }

        @Override
        public Block create(BlockSetup s) {
            long count = s.longValue("symbols");
            if (count < 0) {
                throw new IllegalArgumentException("symbols must be >= 0, got " + count);
            }
            return new OfdmQamSourceBlock(OfdmParams.symbols(s), count);
        }
    }
}
