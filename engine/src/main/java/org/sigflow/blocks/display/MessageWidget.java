package org.sigflow.blocks.display;

import org.sigflow.runtime.Block;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/** A GNU Radio message widget as a block: no stream, it sends on its message outputs when its value changes. */
abstract class MessageWidget implements Block {
    /** Where the widget's messages go. */
    MessagePorts ports = MessagePorts.NONE;

    @Override
    public void bindMessages(MessagePorts ports) {
        this.ports = ports;
    }

    @Override
    public WorkResult work(WorkIo io) {
        return WorkResult.CONTINUE; // no stream: messages and param changes only
    }
}
