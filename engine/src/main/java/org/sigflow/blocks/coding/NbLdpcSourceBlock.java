package org.sigflow.blocks.coding;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.FrameSource;
import org.sigflow.coding.NbLdpcMessages;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code nbldpc_source}: {@code frames} noisy codewords of the seeded GF(q) code, each as one item: the channel
 * priors on every edge, permuted into the check's domain (the decoder's first variable-to-check messages).
 */
public final class NbLdpcSourceBlock extends FrameSource {
    private final NbLdpcSetup setup;

    NbLdpcSourceBlock(NbLdpcSetup setup, long frames) {
        super(frames, 1, setup.frameFloats());
        this.setup = setup;
    }

    @Override
    protected void writeFrame(long f, float[] out, int off) {
        NbLdpcMessages.initial(setup.code(), setup.channel().frame(f).priors(), out, off);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "nbldpc_source";
        }

        @Override
        public Block create(BlockSetup s) {
            return new NbLdpcSourceBlock(NbLdpcSetup.of(s), s.longValue("frames"));
        }
    }
}
