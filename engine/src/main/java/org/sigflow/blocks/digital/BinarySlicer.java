package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code binary_slicer}: GNU Radio's {@code binary_slicer_fb}, one byte per sample: 1 if x >= 0, else 0. */
@AutoService(BlockFactory.class)
public final class BinarySlicer implements BlockFactory {

    @Override
    public String id() {
        return "binary_slicer";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new SyncBlock() {
            @Override
            protected void process(WorkIo io, int steps) {
                float[] x = io.in(0).floats();
                int in = io.in(0).offset();
                byte[] y = io.out(0).bytes();
                int out = io.out(0).offset();
                for (int k = 0; k < steps; k++) {
                    y[out + k] = (byte) (x[in + k] >= 0 ? 1 : 0);
                }
            }
        };
    }
}
