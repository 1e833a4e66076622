package org.sigflow.blocks.pdu;

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

/**
 * {@code burst_tagger}: GNU Radio's {@code burst_tagger}. Copies the stream and tags the item where the short
 * {@code trigger} input turns positive ({@code true_key} = {@code true_value}) and where it stops being positive
 * ({@code false_key} = {@code false_value}). The inputs' own tags pass as usual.
 */
@AutoService(BlockFactory.class)
public final class BurstTagger implements BlockFactory {

    @Override
    public String id() {
        return "burst_tagger";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype dtype = StreamType.dtype(setup);
        return new Tagger(dtype.storage(), dtype.components(), setup.string("true_key"), setup.bool("true_value"),
                setup.string("false_key"), setup.bool("false_value"));
    }

    static final class Tagger implements Block {
        private final Dtype.Storage storage;
        private final int elements;
        private final String trueKey;
        private final boolean trueValue;
        private final String falseKey;
        private final boolean falseValue;
        private boolean state;

        Tagger(Dtype.Storage storage, int elements, String trueKey, boolean trueValue, String falseKey,
               boolean falseValue) {
            this.storage = storage;
            this.elements = elements;
            this.trueKey = trueKey;
            this.trueValue = trueValue;
            this.falseKey = falseKey;
            this.falseValue = falseValue;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            InputView trigger = io.in(1);
            OutputView out = io.out(0);
            int n = Math.min(Math.min(in.available(), trigger.available()), out.space());
            if (n == 0) {
                return in.finished() && in.available() == 0 || trigger.finished() && trigger.available() == 0
                        ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            Items.copy(storage, in, out, n * elements);
            short[] t = trigger.shorts();
            for (int i = 0; i < n; i++) {
                boolean on = t[trigger.offset() + i] > 0;
                if (on != state) {
                    state = on;
                    out.addTag(out.position() + i, on ? trueKey : falseKey, on ? trueValue : falseValue);
                }
            }
            io.consumeEach(n);
            io.produce(0, n);
            return WorkResult.CONTINUE;
        }
    }
}
