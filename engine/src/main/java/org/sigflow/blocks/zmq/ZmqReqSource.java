package org.sigflow.blocks.zmq;

import com.google.auto.service.AutoService;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.zeromq.SocketType;

/**
 * {@code zmq_req_source}: gr-zeromq's req_source. When nothing is pending it asks its REP peer for as many items as
 * it has output space (a uint32 in host byte order) and hands out the answer.
 */
@AutoService(BlockFactory.class)
public final class ZmqReqSource implements BlockFactory {

    @Override
    public String id() {
        return "zmq_req_source";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new ZmqSource(new ZmqEndpoint(setup, SocketType.REQ, false)) {
            private boolean requestPending;

            @Override
            void beforeReceive(int wanted) {
                if (!requestPending) {
                    byte[] request = ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(wanted).array();
                    socket.send(request, 0);
                    requestPending = true;
                }
            }

            @Override
            void afterReceive() {
                requestPending = false;
            }
        };
    }
}
