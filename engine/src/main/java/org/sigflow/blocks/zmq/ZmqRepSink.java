package org.sigflow.blocks.zmq;

import com.google.auto.service.AutoService;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.zeromq.SocketType;
import org.zeromq.ZMQ;

/**
 * {@code zmq_rep_sink}: gr-zeromq's rep_sink. Waits for a request (a uint32 item count in host byte order; a shorter
 * request asks for anything) and answers it with one frame of at most that many items.
 */
@AutoService(BlockFactory.class)
public final class ZmqRepSink implements BlockFactory {

    @Override
    public String id() {
        return "zmq_rep_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        return new ZmqSink(new ZmqEndpoint(setup, SocketType.REP, true), setup.bool("end_marker")) {
            /** Items the pending request asks for; -1 while no request is pending. */
            private long requested = -1;

            @Override
            int allowance(int available) {
                if (requested < 0 && !receiveRequest()) {
                    return 0;
                }
                return (int) Math.min(available, requested);
            }

            private boolean receiveRequest() {
                socket.setReceiveTimeOut(endpoint.waitMs());
                byte[] request = socket.recv(0);
                if (request == null) {
                    return false;
                }
                requested = request.length >= 4
                        ? ByteBuffer.wrap(request).order(ByteOrder.nativeOrder()).getInt() & 0xffffffffL
                        : Long.MAX_VALUE;
                return true;
            }

            @Override
            boolean sendFrame(ByteBuffer frame) {
                if (requested < 0 && !receiveRequest()) {
                    return false; // the end marker waits for a request like any frame
                }
                boolean sent = super.sendFrame(frame);
                if (sent) {
                    requested = -1;
                }
                return sent;
            }
        };
    }
}
