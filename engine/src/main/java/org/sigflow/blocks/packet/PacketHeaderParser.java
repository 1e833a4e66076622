package org.sigflow.blocks.packet;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.message.Pmt;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code packet_header_parser}: GNU Radio's {@code packet_headerparser_b}. Reads header_len items at a time and posts
 * on {@code header_data} a dict of the tags on those items (keys in arrival order) followed by the header's fields
 * ({@link PacketHeaderDefault#parse}; a later entry of the same key replaces an earlier one, as {@code dict_add}),
 * or {@code #f} where the header's CRC fails. Items short of a whole header at the end of the stream are dropped.
 */
@AutoService(BlockFactory.class)
public final class PacketHeaderParser implements BlockFactory {

    @Override
    public String id() {
        return "packet_header_parser";
    }

    @Override
    public Block create(BlockSetup s) {
        return new Parser(PacketHeaderDefault.create(s, "packet_header_parser '" + s.instanceId() + "'"));
    }

    static final class Parser implements Block {
        private final PacketHeaderDefault format;
        private MessagePorts ports = MessagePorts.NONE;

        Parser(PacketHeaderDefault format) {
            this.format = format;
        }

        @Override
        public void bindMessages(MessagePorts ports) {
            this.ports = ports;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            int len = format.headerLen();
            int headers = in.available() / len;
            if (headers == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            List<Tag> tags = in.tags(headers * len);
            for (int h = 0; h < headers; h++) {
                List<PacketHeaderDefault.Field> fields = format.parse(in.bytes(), in.offset() + h * len);
                if (fields == null) {
                    ports.post("header_data", Pmt.FALSE);
                    continue;
                }
                Pmt.Dict dict = Pmt.Dict.EMPTY;
                long from = in.position() + (long) h * len;
                for (Tag t : tags) {
                    if (t.offset() >= from && t.offset() < from + len) {
                        dict = dict.with(new Pmt.Symbol(t.key()), TagValues.toPmt(t.value()));
                    }
                }
                for (PacketHeaderDefault.Field f : fields) {
                    dict = dict.with(new Pmt.Symbol(f.key()), new Pmt.Int(f.value()));
                }
                ports.post("header_data", dict);
            }
            io.consume(0, headers * len);
            return WorkResult.CONTINUE;
        }
    }
}
