package org.sigflow.blocks.pdu;

import org.sigflow.message.Pmt;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * A block with one stream input and message outputs only (a parser, a stream-to-PDU cutter): each work call reads
 * every available item, which {@link #take} turns into posts; ends when its input has.
 */
public abstract class StreamToMessages implements Block {
    private MessagePorts ports = MessagePorts.NONE;

    @Override
    public final void bindMessages(MessagePorts ports) {
        this.ports = ports;
    }

    protected final void post(String port, Pmt message) {
        ports.post(port, message);
    }

    /** Reads the input's next {@code n} items (all consumed afterwards). */
    protected abstract void take(InputView in, int n);

    @Override
    public final WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        int n = in.available();
        if (n == 0) {
            return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        take(in, n);
        io.consume(0, n);
        return WorkResult.CONTINUE;
    }
}
