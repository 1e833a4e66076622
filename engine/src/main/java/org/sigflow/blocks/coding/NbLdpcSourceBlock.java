package org.sigflow.blocks.coding;

import com.google.auto.service.AutoService;
import org.sigflow.coding.NbLdpcMessages;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code nbldpc_source}: {@code frames} noisy codewords of the seeded GF(q) code, each as one item: the channel
 * priors on every edge, permuted into the check's domain (the decoder's first variable-to-check messages).
 */
public final class NbLdpcSourceBlock implements Block {
    private final NbLdpcSetup setup;
    private final long frames;
    private long next;

    NbLdpcSourceBlock(NbLdpcSetup setup, long frames) {
        this.setup = setup;
        this.frames = frames;
    }

    @Override
    public WorkResult work(WorkIo io) {
        OutputView out = io.out(0);
        int n = (int) Math.min(out.space(), frames - next);
        if (n <= 0) {
            return next >= frames ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        for (int k = 0; k < n; k++) {
            NbLdpcMessages.initial(setup.code(), setup.channel().frame(next + k).priors(), out.floats(),
                    out.offset() + k * setup.frameFloats());
        }
        io.produce(0, n);
        next += n;
        return WorkResult.CONTINUE;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "nbldpc_source";
        }

        @Override
        public Block create(BlockSetup s) {
            long frames = s.longValue("frames");
            if (frames < 0) {
                throw new IllegalArgumentException("frames must be >= 0, got " + frames);
            }
            return new NbLdpcSourceBlock(NbLdpcSetup.of(s), frames);
        }
    }
}
