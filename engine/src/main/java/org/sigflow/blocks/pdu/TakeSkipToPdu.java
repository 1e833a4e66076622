package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;

/**
 * {@code take_skip_to_pdu}: gr-pdu's {@code take_skip_to_pdu_x}. Takes {@code take} items into a PDU, skips the next
 * {@code skip}, and so on from the first item; each PDU's metadata is {@code pdu_num} = its number (uint64, from 0).
 */
@AutoService(BlockFactory.class)
public final class TakeSkipToPdu implements BlockFactory {

    @Override
    public String id() {
        return "take_skip_to_pdu";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype dtype = StreamType.dtype(setup);
        PduItems.kind(dtype);
        int take = setup.integer("take");
        int skip = setup.integer("skip");
        if (take < 1 || skip < 0 || take > 1 << 26) {
            throw new IllegalArgumentException("take must be from 1 to 67108864 and skip at least 0, got " + take
                    + " and " + skip);
        }
        return new TakeSkip(dtype, take, skip);
    }

    static final class TakeSkip extends StreamToMessages {
        private final Dtype dtype;
        private final int take;
        private final int skip;
        private Object vector;
        private int filled;
        private int skipped;
        private long count;

        TakeSkip(Dtype dtype, int take, int skip) {
            this.dtype = dtype;
            this.take = take;
            this.skip = skip;
        }

        @Override
        protected void take(InputView in, int n) {
            int size = dtype.components();
            int done = 0;
            while (done < n) {
                if (filled < take) {
                    if (vector == null) {
                        vector = PduItems.array(dtype, take * size);
                    }
                    int k = Math.min(take - filled, n - done);
                    System.arraycopy(PduItems.elements(dtype, in), in.offset() + done * size, vector, filled * size,
                            k * size);
                    filled += k;
                    done += k;
                    if (filled == take) {
                        post("pdus", Pmt.pdu(Pmt.Dict.EMPTY.with(Pmt.symbol("pdu_num"), new Pmt.UInt64(count++)),
                                PduItems.uniform(dtype, vector)));
                        vector = null;
                        skipped = 0;
                    }
                } else {
                    int k = Math.min(skip - skipped, n - done);
                    skipped += k;
                    done += k;
                }
                if (filled == take && skipped == skip) {
                    filled = 0;
                }
            }
        }
    }
}
