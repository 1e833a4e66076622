package org.sigflow.blocks.zmq;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.zeromq.SocketType;
import org.zeromq.ZMQ;

/**
 * {@code zmq_pub_sink}: gr-zeromq's pub_sink. Drops frames at a subscriber's high-water mark (and when nobody
 * subscribes), as GNU Radio's does, unless On Full Buffer is {@code block} (ZMQ_XPUB_NODROP).
 */
@AutoService(BlockFactory.class)
public final class ZmqPubSink implements BlockFactory {

    @Override
    public String id() {
        return "zmq_pub_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        boolean block = setup.string("drop_on_hwm").equals("block");
        return new ZmqSink(new ZmqEndpoint(setup, SocketType.PUB, true), setup.bool("end_marker")) {
            @Override
            void configure(ZMQ.Socket socket) {
                socket.setXpubNoDrop(block);
                socket.setSendTimeOut(block ? endpoint.waitMs() : 0);
            }

            @Override
            int allowance(int available) {
                return available;
            }
        };
    }
}
