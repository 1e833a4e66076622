package org.sigflow.blocks.zmq;

import com.google.auto.service.AutoService;
import java.nio.charset.StandardCharsets;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.zeromq.SocketType;
import org.zeromq.ZMQ;

/** {@code zmq_sub_source}: gr-zeromq's sub_source; subscribes to its key (a prefix; empty takes everything). */
@AutoService(BlockFactory.class)
public final class ZmqSubSource implements BlockFactory {

    @Override
    public String id() {
        return "zmq_sub_source";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new ZmqSource(new ZmqEndpoint(setup, SocketType.SUB, false)) {
            @Override
            void configure(ZMQ.Socket socket) {
                socket.subscribe(endpoint.key.getBytes(StandardCharsets.UTF_8));
            }
        };
    }
}
