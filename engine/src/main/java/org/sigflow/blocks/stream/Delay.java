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
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/** {@code delay}: {@code delay} zero items, then the input, as GNU Radio's {@code blocks.delay} (fixed delay). */
@AutoService(BlockFactory.class)
public final class Delay implements BlockFactory {

    @Override
    public String id() {
        return "delay";
    }

    @Override
    public Block create(BlockSetup setup) {
        int delay = setup.integer("delay");
        if (delay < 0) {
            throw new IllegalArgumentException("delay must be >= 0, got " + delay);
        }
        return new Shift(StreamType.dtype(setup).storage(), delay);
    }

    static final class Shift implements Block {
        private final Dtype.Storage storage;
        private long zerosLeft;

        Shift(Dtype.Storage storage, long delay) {
            this.storage = storage;
            this.zerosLeft = delay;
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView out = io.out(0);
            InputView in = io.in(0);
            if (zerosLeft > 0) {
                int z = (int) Math.min(zerosLeft, out.space());
                Items.zero(storage, out, z * out.itemSize());
                io.produce(0, z);
                zerosLeft -= z;
                return WorkResult.CONTINUE;
            }
            int n = Math.min(in.available(), out.space());
            if (n == 0) {
                return in.available() == 0 && in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            Items.copy(storage, in, out, n * in.itemSize());
            io.consume(0, n);
            io.produce(0, n);
            return WorkResult.CONTINUE;
        }
    }
}
