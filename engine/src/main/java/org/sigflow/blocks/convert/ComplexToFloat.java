package org.sigflow.blocks.convert;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code complex_to_float}: real parts to {@code re}, imaginary parts to {@code im} (if connected). */
@AutoService(BlockFactory.class)
public final class ComplexToFloat implements BlockFactory {

    @Override
    public String id() {
        return "complex_to_float";
    }

    @Override
    public Block create(BlockSetup setup) {
        int vlen = StreamType.vlen(setup);
        return new SyncBlock() {
            @Override
            protected void process(WorkIo io, int steps) {
                float[] x = io.in(0).floats();
                int in = io.in(0).offset();
                int n = steps * vlen;
                for (int o = 0; o < io.outputCount(); o++) {
                    float[] y = io.out(o).floats();
                    int out = io.out(o).offset();
                    for (int i = 0; i < n; i++) {
                        y[out + i] = x[in + 2 * i + o];
                    }
                }
            }
        };
    }
}
