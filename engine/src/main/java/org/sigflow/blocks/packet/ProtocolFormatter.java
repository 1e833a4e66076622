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
 * {@code protocol_formatter}: GNU Radio's {@code protocol_formatter_bb}, a tagged-stream block. Each packet of
 * bytes becomes its header (the format's header bytes for the packet's length), tagged with the length tag; the
 * packet's own tags are not passed on (GNU Radio's {@code TPP_DONT}).
 */
@AutoService(BlockFactory.class)
public final class ProtocolFormatter implements BlockFactory {

    @Override
    public String id() {
        return "protocol_formatter";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Formatter(HeaderFormats.create(setup), setup.string("len_tag_key"));
    }

    static final class Formatter extends WholePacketBlock {
        private final HeaderFormat format;

        Formatter(HeaderFormat format, String key) {
            super(key, "protocol_formatter");
            this.format = format;
        }

        @Override
        protected void packet(WorkIo io, InputView in, OutputView out, int n) {
            if (out.space() < format.headerBytes()) {
                return;
            }
            byte[] header = format.format(n);
            System.arraycopy(header, 0, out.bytes(), out.offset(), header.length);
            out.addTag(out.position(), key, (long) header.length);
            io.consume(0, n);
            io.produce(0, header.length);
        }
    }
}
