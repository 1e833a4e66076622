package org.sigflow.blocks.packet;

import com.google.auto.service.AutoService;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code protocol_parser}: GNU Radio's {@code protocol_parser_b}. Reads a stream of bits (one per byte, lowest bit)
 * and posts on {@code info} the info dict of every header its format recognises, or {@code #f} for a header whose
 * check fails. GNU Radio also posts {@code #f} when a work call ends without a complete header (so how often depends
 * on its scheduler's call sizes); this block does not.
 */
@AutoService(BlockFactory.class)
public final class ProtocolParser implements BlockFactory {

    @Override
    public String id() {
        return "protocol_parser";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Parser(HeaderFormats.create(setup));
    }

    static final class Parser implements Block {
        private final HeaderFormat format;
        private MessagePorts ports = MessagePorts.NONE;

        Parser(HeaderFormat format) {
            this.format = format;
        }

        @Override
        public void bindMessages(MessagePorts ports) {
            this.ports = ports;
        }

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            int n = in.available();
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            byte[] bits = in.bytes();
            int at = in.offset();
            for (int i = 0; i < n; i++) {
                Pmt info = format.parseBit(bits[at + i]);
                if (info != null) {
                    ports.post("info", info);
                }
            }
            io.consume(0, n);
            return WorkResult.CONTINUE;
        }
    }
}
