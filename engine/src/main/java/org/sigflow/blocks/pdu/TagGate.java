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
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code tag_gate}: GNU Radio's {@code tag_gate}. Copies the stream; with Propagate Tags every tag passes, otherwise
 * none does — or, with a Single Key, every tag but those of that key.
 */
@AutoService(BlockFactory.class)
public final class TagGate implements BlockFactory {

    @Override
    public String id() {
        return "tag_gate";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype dtype = StreamType.dtype(setup);
        return new Gate(dtype.storage(), dtype.components() * StreamType.vlen(setup), setup.bool("propagate_tags"),
                setup.string("single_key"));
    }

    static final class Gate implements Block {
        private final Dtype.Storage storage;
        private final int elements;
        private final boolean propagate;
        private final String singleKey;

        Gate(Dtype.Storage storage, int elements, boolean propagate, String singleKey) {
            this.storage = storage;
            this.elements = elements;
            this.propagate = propagate;
            this.singleKey = singleKey;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;                              // moves the tags it lets through itself
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            OutputView out = io.out(0);
            int n = Math.min(in.available(), out.space());
            if (n == 0) {
                return in.finished() && in.available() == 0 ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            Items.copy(storage, in, out, n * elements);
            if (propagate || !singleKey.isEmpty()) {
                long shift = out.position() - in.position();
                for (Tag t : in.tags(n)) {
                    if (propagate || !t.key().equals(singleKey)) {
                        out.addTag(t.offset() + shift, t.key(), t.value());
                    }
                }
            }
            io.consume(0, n);
            io.produce(0, n);
            return WorkResult.CONTINUE;
        }
    }
}
