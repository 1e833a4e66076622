package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code abs}: |x| per sample, as GNU Radio's {@code abs_ff}/{@code abs_ss} (int16 −32768 stays −32768). */
@AutoService(BlockFactory.class)
public final class Abs implements BlockFactory {

    @Override
    public String id() {
        return "abs";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype type = StreamType.dtype(setup, Dtype.F32, Dtype.S16);
        int elements = StreamType.vlen(setup);
        return new SyncBlock() {
            @Override
            protected void process(WorkIo io, int steps) {
                int in = io.in(0).offset();
                int out = io.out(0).offset();
                int n = steps * elements;
                if (type == Dtype.F32) {
                    float[] x = io.in(0).floats();
                    float[] y = io.out(0).floats();
                    for (int i = 0; i < n; i++) {
                        y[out + i] = Math.abs(x[in + i]);
                    }
                } else {
                    short[] x = io.in(0).shorts();
                    short[] y = io.out(0).shorts();
                    for (int i = 0; i < n; i++) {
                        y[out + i] = (short) Math.abs(x[in + i]);
                    }
                }
            }
        };
    }
}
