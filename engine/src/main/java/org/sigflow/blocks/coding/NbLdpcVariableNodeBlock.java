package org.sigflow.blocks.coding;

import com.google.auto.service.AutoService;
import org.sigflow.coding.NbLdpcMessages;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code nbldpc_variable_node}: one decoder iteration's variable-node update, check-to-variable messages in,
 * variable-to-check messages out (both in the checks' domain); the frame's priors are recomputed from the channel.
 */
public final class NbLdpcVariableNodeBlock extends SyncBlock {
    private final NbLdpcSetup setup;

    NbLdpcVariableNodeBlock(NbLdpcSetup setup) {
        this.setup = setup;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        long frame = io.in(0).position();
        int size = setup.frameFloats();
        for (int k = 0; k < steps; k++) {
            NbLdpcMessages.variableUpdate(setup.code(), setup.channel().frame(frame + k).priors(), io.in(0).floats(),
                    io.in(0).offset() + k * size, io.out(0).floats(), io.out(0).offset() + k * size);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "nbldpc_variable_node";
        }

        @Override
        public NbLdpcVariableNodeBlock create(BlockSetup s) {
            return new NbLdpcVariableNodeBlock(NbLdpcSetup.of(s));
        }
    }
}
