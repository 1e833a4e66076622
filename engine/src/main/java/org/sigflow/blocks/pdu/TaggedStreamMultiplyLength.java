package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.Tag;

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
        return new Multiply(setup);
    }

    static final class Multiply extends TagMappingCopy {
        private final String key;
        private double scalar;

        Multiply(BlockSetup setup) {
            super(setup);
            this.key = setup.string("lengthtagname");
            this.scalar = setup.real("c");
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
        Object map(Tag t) {
            if (!t.key().equals(key)) {
                return t.value();
            }
            if (!(t.value() instanceof Number len)) {
                throw new IllegalStateException("tagged_stream_multiply_length: length tag '" + key + "' at item "
                        + t.offset() + " is not a number: " + t.value());
            }
            return (long) (len.longValue() * scalar);
        }
    }
}
