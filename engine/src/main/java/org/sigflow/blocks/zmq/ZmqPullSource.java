package org.sigflow.blocks.zmq;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.zeromq.SocketType;

/** {@code zmq_pull_source}: gr-zeromq's pull_source, the lossless receiving end of a PUSH sink. */
@AutoService(BlockFactory.class)
public final class ZmqPullSource implements BlockFactory {

    @Override
    public String id() {
        return "zmq_pull_source";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new ZmqSource(new ZmqEndpoint(setup, SocketType.PULL, false)) {};
    }
}
