package org.sigflow.blocks.fec;

import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * A message-only block that turns each PDU on {@code in} into one on {@code out} (GNU Radio's async FEC blocks). It
 * has no streams, so it ends once every block sending it PDUs has ended and its inbox is empty.
 */
abstract class AsyncPduBlock implements Block {
    private MessagePorts ports = MessagePorts.NONE;

    /** The PDU to post for {@code message}. */
    abstract Pmt convert(Pmt message);

    @Override
    public final void handleMessage(String port, Pmt message) {
        ports.post("out", convert(message));
    }

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
}
