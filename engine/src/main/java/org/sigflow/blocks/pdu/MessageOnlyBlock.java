package org.sigflow.blocks.pdu;

import org.sigflow.message.Pdus;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * A block without stream ports that turns each message it receives into messages it posts (GNU Radio's
 * message-handler blocks: CRC, protocol formatter, PDU set). Ends when every block that sends it messages has ended.
 */
public abstract class MessageOnlyBlock implements Block {
    private MessagePorts ports = MessagePorts.NONE;

    @Override
    public final void bindMessages(MessagePorts ports) {
        this.ports = ports;
    }

    @Override
    public final WorkResult work(WorkIo io) {
        return WorkResult.CONTINUE;
    }

    @Override
    public final boolean endsWithMessageSenders() {
        return true;
    }

    protected final void post(String port, Pmt message) {
        ports.post(port, message);
    }

    /**
     * The message as a PDU of bytes (metadata nil or a dict, a u8 vector), as GNU Radio's {@code u8vector_elements}
     * requires; anything else stops the block with a message naming it and what arrived.
     */
    protected static Pmt.Pair bytePdu(Pmt message, String block) {
        if (Pdus.isPdu(message) && ((Pmt.Pair) message).cdr() instanceof Pmt.Uniform u
                && u.kind() == org.sigflow.message.UniformKind.U8) {
            return (Pmt.Pair) message;
        }
        throw new IllegalStateException(block + ": expects a PDU of bytes (metadata . u8vector), got "
                + abbreviated(message));
    }

    private static String abbreviated(Pmt message) {
        String text = org.sigflow.message.PmtText.write(message);
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }
}
