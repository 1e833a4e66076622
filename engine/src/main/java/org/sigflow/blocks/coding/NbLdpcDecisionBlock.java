package org.sigflow.blocks.coding;

import com.google.auto.service.AutoService;
import org.sigflow.coding.NbLdpcChannel;
import org.sigflow.coding.NbLdpcMessages;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code nbldpc_decision}: after the last check-node update, each symbol's hard decision (prior × both incoming
 * messages), compared with the codeword sent: one float per frame, its symbol errors (a frame error when > 0).
 */
public final class NbLdpcDecisionBlock extends SyncBlock {
    private final NbLdpcSetup setup;

    NbLdpcDecisionBlock(NbLdpcSetup setup) {
        this.setup = setup;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        long frame = io.in(0).position();
        float[] out = io.out(0).floats();
        for (int k = 0; k < steps; k++) {
            NbLdpcChannel.Frame f = setup.channel().frame(frame + k);
            int[] x = NbLdpcMessages.decide(setup.code(), f.priors(), io.in(0).floats(),
                    io.in(0).offset() + k * setup.frameFloats());
            int errors = 0;
            for (int v = 0; v < x.length; v++) {
                errors += x[v] != f.codeword()[v] ? 1 : 0;
            }
            out[io.out(0).offset() + k] = errors;
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "nbldpc_decision";
        }

        @Override
        public NbLdpcDecisionBlock create(BlockSetup s) {
            return new NbLdpcDecisionBlock(NbLdpcSetup.of(s));
        }
    }
}
