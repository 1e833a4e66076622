package org.sigflow.blocks.coding;

import com.google.auto.service.AutoService;
import org.sigflow.coding.GaloisField;
import org.sigflow.coding.NbLdpcCode;
import org.sigflow.coding.NbLdpcMessages;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code nbldpc_check_product}: the middle of the FFT-BP check-node update, between two Walsh–Hadamard transforms:
 * each edge gets the element-wise product of its check's other edges' transformed messages.
 */
public final class NbLdpcCheckProductBlock extends SyncBlock {
    private final int q;
    private final int checks;

    NbLdpcCheckProductBlock(int q, int checks) {
        this.q = q;
        this.checks = checks;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        NbLdpcMessages.checkProduct(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), q,
                checks * steps);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "nbldpc_check_product";
        }

        @Override
        public NbLdpcCheckProductBlock create(BlockSetup s) {
            int q = new GaloisField(s.integer("q")).size(); // refuses a q that is no power of two
            return new NbLdpcCheckProductBlock(q, NbLdpcCode.requireLength(s.integer("n")) / 2);
        }
    }
}
