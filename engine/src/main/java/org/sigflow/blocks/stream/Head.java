package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/** {@code head}: passes the first {@code num_items} items, then ends the stream. Tags pass 1:1 (same offsets). */
@AutoService(BlockFactory.class)
public final class Head implements BlockFactory {

    @Override
    public String id() {
        return "head";
    }

    @Override
    public Block create(BlockSetup setup) {
        long limit = setup.longValue("num_items");
        if (limit < 0) {
            throw new IllegalArgumentException("head '" + setup.instanceId() + "': number of items must be >= 0, got " + limit);
        }
        Dtype.Storage storage = StreamType.dtype(setup).storage();
        return new Block() {
            private long passed;

            @Override
            public WorkResult work(WorkIo io) {
                InputView in = io.in(0);
                int n = (int) Math.min(Math.min(in.available(), io.out(0).space()), limit - passed);
                if (n == 0) {
                    return passed == limit || (in.available() == 0 && in.finished()) ? WorkResult.DONE : WorkResult.CONTINUE;
                }
                Items.copy(storage, in, io.out(0), n * in.itemSize());
                io.consume(0, n);
                io.produce(0, n);
                passed += n;
                return WorkResult.CONTINUE;
            }
        };
    }
}
