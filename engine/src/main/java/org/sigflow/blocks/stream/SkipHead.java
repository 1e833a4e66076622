package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code skip_head}: drops the first {@code num_items} items and passes the rest. Tags on dropped items are dropped;
 * tags on passed items move {@code num_items} earlier, so they stay on the same samples.
 */
@AutoService(BlockFactory.class)
public final class SkipHead implements BlockFactory {

    @Override
    public String id() {
        return "skip_head";
    }

    @Override
    public Block create(BlockSetup setup) {
        long skip = setup.longValue("num_items");
        if (skip < 0) {
            throw new IllegalArgumentException("skip_head '" + setup.instanceId() + "': number of items must be >= 0, got " + skip);
        }
        Dtype.Storage storage = StreamType.dtype(setup).storage();
        return new Block() {
            @Override
            public WorkResult work(WorkIo io) {
                InputView in = io.in(0);
                long position = in.position();
                if (position < skip) {
                    int drop = (int) Math.min(in.available(), skip - position);
                    if (drop == 0) {
                        return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
                    }
                    io.consume(0, drop); // the runtime may offer more on the next call
                    return WorkResult.CONTINUE;
                }
                OutputView out = io.out(0);
                int n = Math.min(in.available(), out.space());
                if (n == 0) {
                    return in.available() == 0 && in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
                }
                for (Tag tag : in.tags(n)) {
                    out.addTag(tag.offset() - skip, tag.key(), tag.value());
                }
                Items.copy(storage, in, out, n * in.itemSize());
                io.consume(0, n);
                io.produce(0, n);
                return WorkResult.CONTINUE;
            }

            @Override
            public TagPolicy tagPolicy() {
                return TagPolicy.DONT;
            }
        };
    }
}
