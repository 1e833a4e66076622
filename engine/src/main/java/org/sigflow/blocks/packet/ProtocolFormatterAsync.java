package org.sigflow.blocks.packet;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.pdu.MessageOnlyBlock;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code protocol_formatter_async}: GNU Radio's {@code protocol_formatter_async}. For each byte PDU on {@code in},
 * posts the header its format builds for the payload's length on {@code header} and the payload on
 * {@code payload}, both with the PDU's metadata.
 */
@AutoService(BlockFactory.class)
public final class ProtocolFormatterAsync implements BlockFactory {

    @Override
    public String id() {
        return "protocol_formatter_async";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new Formatter(HeaderFormats.create(setup));
    }

    static final class Formatter extends MessageOnlyBlock {
        private final HeaderFormat format;

        Formatter(HeaderFormat format) {
            this.format = format;
        }

        @Override
        public void handleMessage(String port, Pmt message) {
            Pmt.Pair pdu = bytePdu(message, "protocol_formatter_async");
            Pmt.Uniform payload = (Pmt.Uniform) pdu.cdr();
            byte[] header = format.format(payload.length());
            post("header", new Pmt.Pair(pdu.car(), new Pmt.Uniform(UniformKind.U8, header)));
            post("payload", new Pmt.Pair(pdu.car(), payload));
        }
    }
}
