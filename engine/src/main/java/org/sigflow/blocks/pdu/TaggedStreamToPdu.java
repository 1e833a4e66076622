package org.sigflow.blocks.pdu;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.blocks.common.LengthTags;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pmt;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code tagged_stream_to_pdu}: cuts a tagged stream into PDUs. Each packet starts with a length tag ({@code tag},
 * an integer item count); its items become the PDU's vector and the other tags on its items its metadata (key →
 * value, later tags first, as GNU Radio's {@code dict_add} orders them). Posted on {@code pdus}.
 */
@AutoService(BlockFactory.class)
public final class TaggedStreamToPdu implements BlockFactory {

    @Override
    public String id() {
        return "tagged_stream_to_pdu";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype dtype = StreamType.dtype(setup);
        PduItems.kind(dtype);
        return new ToPdu(dtype, setup.string("tag"));
    }

    static final class ToPdu implements Block {
        private final Dtype dtype;
        private final String lengthKey;
        private MessagePorts ports = MessagePorts.NONE;
        private Object packet;
        private int length;
        private int filled;
        private Pmt.Dict meta = Pmt.Dict.EMPTY;

        ToPdu(Dtype dtype, String lengthKey) {
            this.dtype = dtype;
            this.lengthKey = lengthKey;
        }

        @Override
        public void bindMessages(MessagePorts ports) {
            this.ports = ports;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            int n = in.available();
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            List<Tag> tags = in.tags(n);
            if (packet == null) {
                start(in);
            }
            int k = Math.min(n, length - filled);
            int size = dtype.components();
            System.arraycopy(PduItems.elements(dtype, in), in.offset(), packet, filled * size, k * size);
            for (Tag t : tags) {
                if (t.offset() < in.position() + k && !(t.key().equals(lengthKey) && t.offset() == in.position()
                        - filled)) {
                    meta = meta.with(Pmt.symbol(t.key()), TagValues.toPmt(t.value()));
                }
            }
            filled += k;
            io.consume(0, k);
            if (filled == length) {
                post();
            }
            return WorkResult.CONTINUE;
        }

        private void start(InputView in) {
            length = LengthTags.at(in, lengthKey, 1, "tagged_stream_to_pdu");
            filled = 0;
            packet = PduItems.array(dtype, length * dtype.components());
            meta = Pmt.Dict.EMPTY;
        }

        private void post() {
            ports.post("pdus", Pmt.pdu(meta, PduItems.uniform(dtype, packet)));
            packet = null;
        }
    }
}
