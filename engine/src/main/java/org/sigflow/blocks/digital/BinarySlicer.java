package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code binary_slicer}: GNU Radio's binary_slicer_fb (VOLK's 32f_binary_slicer_8i): 1 where x >= 0, else 0. */
final class BinarySlicer extends SyncBlock {

    @Override
    protected void process(WorkIo io, int steps) {
        float[] in = io.in(0).floats();
        int ip = io.in(0).offset();
        byte[] out = io.out(0).bytes();
        int op = io.out(0).offset();
        for (int i = 0; i < steps; i++) {
            out[op + i] = (byte) (in[ip + i] >= 0 ? 1 : 0);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "binary_slicer";
        }

        @Override
        public Block create(BlockSetup s) {
            return new BinarySlicer();
        }
    }
}
