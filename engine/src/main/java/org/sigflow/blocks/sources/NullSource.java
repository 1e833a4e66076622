package org.sigflow.blocks.sources;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/** {@code null_source}: an endless stream of zeros. */
@AutoService(BlockFactory.class)
public final class NullSource implements BlockFactory {

    @Override
    public String id() {
        return "null_source";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype.Storage storage = StreamType.dtype(setup).storage();
        return new Block() {
            @Override
            public WorkResult work(WorkIo io) {
                int n = io.out(0).space();
                // Buffers are reused rings: the space may hold old samples, so zero it every time.
                Items.zero(storage, io.out(0), n * io.out(0).itemSize());
                io.produce(0, n);
                return WorkResult.CONTINUE;
            }

            @Override
            public boolean segmentViews() {
                return true;
            }
        };
    }
}
