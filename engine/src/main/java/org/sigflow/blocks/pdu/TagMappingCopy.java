package org.sigflow.blocks.pdu;

import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/** Copies a stream (its {@code type} and {@code vlen} params) and passes each tag as {@link #map} says. */
abstract class TagMappingCopy implements Block {
    private final Dtype.Storage storage;
    private final int elements;

    TagMappingCopy(BlockSetup setup) {
        Dtype dtype = StreamType.dtype(setup);
        this.storage = dtype.storage();
        this.elements = dtype.components() * StreamType.vlen(setup);
    }

    /** The value the tag has on the output, or {@code null} to drop it. */
    abstract Object map(Tag tag);

    @Override
    public final TagPolicy tagPolicy() {
        return TagPolicy.DONT;                                  // the tags passed are moved by work
    }

    @Override
    public final WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        OutputView out = io.out(0);
        int n = Math.min(in.available(), out.space());
        if (n == 0) {
            return in.finished() && in.available() == 0 ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        Items.copy(storage, in, out, n * elements);
        long shift = out.position() - in.position();
        for (Tag t : in.tags(n)) {
            Object value = map(t);
            if (value != null) {
                out.addTag(t.offset() + shift, t.key(), value);
            }
        }
        io.consume(0, n);
        io.produce(0, n);
        return WorkResult.CONTINUE;
    }
}
