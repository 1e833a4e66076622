package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pmt;
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
 * {@code tagged_stream_multiply_length}: GNU Radio's block of that name. Copies the stream; each length tag's value
 * becomes value × scalar, truncated to an integer (as GNU Radio's {@code long * double → long}); other tags pass
 * unchanged. A number on {@code set_scalar} (or a pair whose second element is one) sets the scalar.
 */
@AutoService(BlockFactory.class)
public final class TaggedStreamMultiplyLength implements BlockFactory {

    @Override
    public String id() {
        return "tagged_stream_multiply_length";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype dtype = StreamType.dtype(setup);
        return new Multiply(dtype.storage(), dtype.components() * StreamType.vlen(setup), setup.string("lengthtagname"),
                setup.real("c"));
    }

    static final class Multiply implements Block {
        private final Dtype.Storage storage;
        private final int elements;
        private final String key;
        private double scalar;

        Multiply(Dtype.Storage storage, int elements, String key, double scalar) {
            this.storage = storage;
            this.elements = elements;
            this.key = key;
            this.scalar = scalar;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            Pmt v = message instanceof Pmt.Pair p ? p.cdr() : message;
            switch (v) {
                case Pmt.Real r -> scalar = r.value();
                case Pmt.Int i -> scalar = i.value();
                default -> throw new IllegalStateException("tagged_stream_multiply_length: set_scalar needs a number "
                        + "(or a pair ending in one), got " + org.sigflow.message.PmtText.write(message));
            }
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
            long shift = out.position() - in.position();
            for (Tag t : in.tags(n)) {
                Object value = t.value();
                if (t.key().equals(key)) {
                    if (!(value instanceof Number len)) {
                        throw new IllegalStateException("tagged_stream_multiply_length: length tag '" + key
                                + "' at item " + t.offset() + " is not a number: " + value);
                    }
                    value = (long) (len.longValue() * scalar);
                }
                out.addTag(t.offset() + shift, t.key(), value);
            }
            io.consume(0, n);
            io.produce(0, n);
            return WorkResult.CONTINUE;
        }
    }
}
