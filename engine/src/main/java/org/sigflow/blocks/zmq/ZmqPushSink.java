package org.sigflow.blocks.zmq;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.zeromq.SocketType;
import org.zeromq.ZMQ;

/** {@code zmq_push_sink}: gr-zeromq's push_sink; lossless, waits (back-pressure) while no receiver takes frames. */
@AutoService(BlockFactory.class)
public final class ZmqPushSink implements BlockFactory {

    @Override
    public String id() {
        return "zmq_push_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new ZmqSink(new ZmqEndpoint(setup, SocketType.PUSH, true), setup.bool("end_marker")) {
            @Override
            void configure(ZMQ.Socket socket) {
                socket.setSendTimeOut(endpoint.waitMs());
            }

            @Override
            boolean sendsFromDirectBuffers() {
                return true;
            }

            @Override
            int allowance(int available) {
                return available; // the send itself waits (up to the timeout) for a receiver
            }
        };
    }
}
