package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code copy}: passes its input through while {@code enabled}; while not, it reads and drops the input (as GNU
 * Radio's copy block), so upstream keeps running. {@code enabled} can change while the graph runs.
 */
@AutoService(BlockFactory.class)
public final class Copy implements BlockFactory {

    @Override
    public String id() {
        return "copy";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Gate(StreamType.dtype(setup).storage(), setup.bool("enabled"));
    }

    static final class Gate implements Block {
        private final Dtype.Storage storage;
        private boolean enabled;

        Gate(Dtype.Storage storage, boolean enabled) {
            this.storage = storage;
            this.enabled = enabled;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            int n = in.available();
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            if (enabled) {
                n = Math.min(n, io.out(0).space());
                Items.copy(storage, in, io.out(0), n * in.itemSize());
                io.produce(0, n);
            }
            io.consume(0, n);
            return WorkResult.CONTINUE;
        }

        @Override
        public void applyParam(String paramId, Value value) {
            if (!paramId.equals("enabled")) {
                Block.super.applyParam(paramId, value);
            }
            enabled = value.asBoolean();
        }
    }
}
