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
@AutoService(BlockFactory.class)
public final class NbLdpcSource implements BlockFactory {
    @Override
    public String id() {
        return "nbldpc_source";
    }

    @Override
    public Block create(BlockSetup s) {
        NbLdpcSetup setup = NbLdpcSetup.of(s);
        return new FrameSource(s.longValue("frames"), 1, setup.frameFloats(), (f, out, off) ->
                NbLdpcMessages.initial(setup.code(), setup.channel().frame(f).priors(), out, off));
    }
}
