package org.sigflow.blocks.zmq;

import java.io.IOException;
import java.util.List;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;
import org.zeromq.ZMQ;

/**
 * A gr-zeromq stream sink (PUB, PUSH or REP): sends the items it reads as frames of raw items, each preceded by a
 * tag header when {@code pass_tags} is on and by a key frame when a key is set. Subclasses decide when a frame may
 * go and how many items it holds ({@link #allowance}).
 */
abstract class ZmqSink implements Block {
    @Override
    public boolean waitsOutsideJava() {
        return true; // JeroMQ waits in a selector
    }

    /** Largest frame payload: big enough for bandwidth, small enough to keep latency and memory bounded. */
    static final int MAX_FRAME_BYTES = 1 << 20;

    final ZmqEndpoint endpoint;
    /** Send one empty frame at the end of the stream (SigFlow's end-of-stream marker; GNU Radio has none). */
    private final boolean endMarker;
    private final byte[] keyBytes;
    private final int maxItems;
    ZMQ.Socket socket;
    /** Every item (and the end marker) is queued: closing delivers the queue rather than dropping it. */
    private boolean streamEnded;

    ZmqSink(ZmqEndpoint endpoint, boolean endMarker) {
        this.endpoint = endpoint;
        this.endMarker = endMarker;
        this.keyBytes = endpoint.key.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        this.maxItems = Math.max(1, MAX_FRAME_BYTES / endpoint.items.itemBytes);
    }

    @Override
    public void start() throws IOException {
        socket = endpoint.open();
        configure(socket);
    }

    /** Socket options of one pattern, set after the socket is open. */
    void configure(ZMQ.Socket socket) {}

    /**
     * How many of {@code available} items may go now (0: none yet), waiting at most the timeout for the pattern's
     * condition (a peer ready to take a frame, a request).
     */
    abstract int allowance(int available) throws IOException;

    /** Sends one frame (already complete); false when it could not go within the timeout. */
    boolean sendFrame(byte[] frame) {
        if (keyBytes.length > 0 && !socket.sendMore(keyBytes)) {
            return false;
        }
        return socket.send(frame, 0);
    }

    @Override
    public WorkResult work(WorkIo io) throws IOException {
        endpoint.checkPeers();
        InputView in = io.in(0);
        int available = Math.min(in.available(), maxItems);
        if (available == 0) {
            if (in.finished()) {
                // the marker waits like any frame (for a receiver, for a request); the peer timeout bounds the wait
                streamEnded = !endMarker || sendFrame(new byte[0]);
                return streamEnded ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            return WorkResult.CONTINUE;
        }
        int n = allowance(available);
        if (n == 0) {
            return WorkResult.CONTINUE;
        }
        byte[] header = endpoint.passTags ? tagHeader(in, n) : new byte[0];
        byte[] frame = new byte[header.length + n * endpoint.items.itemBytes];
        System.arraycopy(header, 0, frame, 0, header.length);
        endpoint.items.toBytes(endpoint.items.array(in), in.offset(), n, frame, header.length);
        if (!sendFrame(frame)) {
            return WorkResult.CONTINUE; // nobody took it within the timeout: try again (back-pressure)
        }
        io.consume(0, n);
        return WorkResult.CONTINUE;
    }

    private byte[] tagHeader(InputView in, int n) {
        List<Tag> tags = in.tags(n);
        try {
            return TagHeader.write(in.position(), tags);
        } catch (Pmt.PmtException e) {
            throw new IllegalArgumentException("cannot pass " + e.getMessage(), e);
        }
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public void stop() {
        if (streamEnded) {
            endpoint.closeDelivering();
        } else {
            endpoint.close();
        }
    }
}
