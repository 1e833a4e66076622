package org.sigflow.blocks.packet;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.pdu.StreamToMessages;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;

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

    static final class Parser extends StreamToMessages {
        private final HeaderFormat format;

        Parser(HeaderFormat format) {
            this.format = format;
        }

        @Override
        protected void take(InputView in, int n) {
            byte[] bits = in.bytes();
            for (int i = 0; i < n; i++) {
                Pmt info = format.parseBit(bits[in.offset() + i]);
                if (info != null) {
                    post("info", info);
                }
            }
        }
    }
}
