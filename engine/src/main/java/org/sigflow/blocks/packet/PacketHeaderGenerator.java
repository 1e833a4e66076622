package org.sigflow.blocks.packet;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.WholePacketBlock;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;

/**
 * {@code packet_header_generator}: GNU Radio's {@code packet_headergenerator_bb}. Each packet of a tagged stream
 * becomes its header ({@link PacketHeaderDefault}: header_len items for the packet's length), tagged with the
 * header's length. The packet's other tags are dropped, as GNU Radio 3.10 does (later versions move them onto the
 * header's first item).
 */
@AutoService(BlockFactory.class)
public final class PacketHeaderGenerator implements BlockFactory {

    @Override
    public String id() {
        return "packet_header_generator";
    }

    @Override
    public Block create(BlockSetup s) {
        String who = "packet_header_generator '" + s.instanceId() + "'";
        String key = s.string("len_tag_key");
        if (key.isEmpty()) {
            throw new IllegalArgumentException(who + ": a length tag key is needed (the input is a tagged stream)");
        }
        return new Generator(key, who, PacketHeaderDefault.create(s, who));
    }

    static final class Generator extends WholePacketBlock {
        private final PacketHeaderDefault format;

        Generator(String key, String who, PacketHeaderDefault format) {
            super(key, who);
            this.format = format;
        }

        @Override
        public int outputMultiple() {
            return format.headerLen();
        }

        @Override
        protected void packet(WorkIo io, InputView in, OutputView out, int n) {
            int len = format.headerLen();
            if (out.space() < len) {
                return;
            }
            format.format(n, out.bytes(), out.offset());
            out.addTag(out.position(), key, (long) len);
            io.consume(0, n);
            io.produce(0, len);
        }
    }
}
