package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.WalshHadamard;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code wht}: the Walsh–Hadamard (GF(2^m) Fourier) transform of each of an item's {@code vectors} vectors of
 * {@code q} floats ({@link WalshHadamard}). The {@code ordering} param chooses the CUDA twin's shared-memory layout
 * and does not change the result.
 */
public final class WhtBlock extends SyncBlock {
    private final int q;
    private final int vectors;
    private final float scale;

    WhtBlock(int q, int vectors, float scale) {
        this.q = q;
        this.vectors = vectors;
        this.scale = scale;
    }

    @Override
    protected int maxSteps() {
        return Math.max(1, 65536 / (q * vectors));
    }

    @Override
    protected void process(WorkIo io, int steps) {
        WalshHadamard.transform(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(),
                io.out(0).offset(), q, steps * vectors, scale);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "wht";
        }

        @Override
        public WhtBlock create(BlockSetup s) {
            int q = s.integer("q");
            if (!WalshHadamard.validSize(q)) {
                throw new IllegalArgumentException("q must be a power of two from 2 to 256, got " + q);
            }
            int vectors = s.integer("vectors");
            if (vectors < 1) {
                throw new IllegalArgumentException("vectors per item must be >= 1, got " + vectors);
            }
            return new WhtBlock(q, vectors, WalshHadamard.scale(s.string("scaling"), q));
        }
    }
}
