package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** {@code repeat}: each input item {@code interp} times, as GNU Radio's {@code blocks.repeat}. */
@AutoService(BlockFactory.class)
public final class Repeat implements BlockFactory {

    @Override
    public String id() {
        return "repeat";
    }

    @Override
    public Block create(BlockSetup s) {
        int interp = s.integer("interp");
        if (interp < 1) {
            throw new IllegalArgumentException("interpolation must be >= 1, got " + interp);
        }
        Dtype.Storage storage = StreamType.dtype(s).storage();
        int item = StreamType.itemSize(s);
        return new SyncBlock(1, interp) {
            @Override
            protected void process(WorkIo io, int steps) {
                for (int k = 0; k < steps; k++) {
                    for (int r = 0; r < interp; r++) {
                        Items.copy(storage, io.in(0), k * item, io.out(0), (k * interp + r) * item, item);
                    }
                }
            }
        };
    }
}
