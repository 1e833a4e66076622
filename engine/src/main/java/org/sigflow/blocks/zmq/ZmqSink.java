package org.sigflow.blocks.zmq;

import java.io.IOException;
import java.nio.ByteBuffer;
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
    /** Direct buffers to send from (PUSH over a stream transport), or null: heap frames. */
    private SendBuffers buffers;
    /** Every item (and the end marker) is queued: closing delivers the queue rather than dropping it. */
    private boolean streamEnded;

    ZmqSink(ZmqEndpoint endpoint, boolean endMarker) {
        this.endpoint = endpoint;
        this.endMarker = endMarker;
        this.keyBytes = endpoint.key.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        this.maxItems = Math.max(1, MAX_FRAME_BYTES / endpoint.items.itemBytes);
    }

    @Override
    public int chunkElements() {
        return MAX_FRAME_BYTES / endpoint.items.elementBytes; // input ring chunks of a whole frame: 1 MiB frames
    }

    @Override
    public void start() throws IOException {
        socket = endpoint.open();
        configure(socket);
        if (sendsFromDirectBuffers() && !endpoint.address.startsWith("inproc://")) {
            // inproc hands the frame itself to the receiving socket, which holds it beyond the pipe's count
            buffers = new SendBuffers(socket, MAX_FRAME_BYTES + SendBuffers.DIRECT_FROM);
        }
    }

    /** Whether frames may go from recycled direct buffers (SendBuffers says when that is safe: PUSH only). */
    boolean sendsFromDirectBuffers() {
        return false;
    }

    /** Socket options of one pattern, set after the socket is open. */
    void configure(ZMQ.Socket socket) {}

    /**
     * How many of {@code available} items may go now (0: none yet), waiting at most the timeout for the pattern's
     * condition (a peer ready to take a frame, a request).
     */
    abstract int allowance(int available) throws IOException;

    /** Sends one frame (already complete, from its byte 0); false when it could not go within the timeout. */
    boolean sendFrame(ByteBuffer frame) {
        if (keyBytes.length > 0 && !socket.sendMore(keyBytes)) {
            return false;
        }
        return socket.sendByteBuffer(frame, 0) >= 0; // JeroMQ keeps the buffer itself until it is written
    }

    @Override
    public WorkResult work(WorkIo io) throws IOException {
        InputView in = io.in(0);
        // once the input has ended, a frame that cannot go yet waits here: a call without progress on an ended
        // input ends the block, which dropped the stream's tail (and its end marker) when a receiver was slow
        do {
            endpoint.checkPeers(); // the peer timeout bounds these waits
            WorkResult r = sendNext(in, io);
            if (r != null) {
                return r;
            }
        } while (in.finished() && !io.stopRequested());
        return WorkResult.CONTINUE;
    }

    /** Sends the next frame (or the end marker); null when it could not go within the timeout. */
    private WorkResult sendNext(InputView in, WorkIo io) throws IOException {
        int available = Math.min(in.available(), maxItems);
        if (available == 0) {
            if (!in.finished()) {
                return WorkResult.CONTINUE;
            }
            // the marker waits like any frame (for a receiver, for a request)
            streamEnded = !endMarker || sent(sendFrame(ByteBuffer.allocate(0)), false);
            return streamEnded ? WorkResult.DONE : null;
        }
        int n = allowance(available);
        if (n == 0) {
            return null;
        }
        byte[] header = endpoint.passTags ? tagHeader(in, n) : new byte[0];
        int bytes = header.length + n * endpoint.items.itemBytes;
        ByteBuffer frame = buffers == null ? null : buffers.take(bytes);
        boolean direct = frame != null;
        if (!direct) {
            frame = ByteBuffer.allocate(bytes); // JeroMQ keeps it until written, and never says when: a new one
        }
        frame.put(0, header);
        endpoint.items.toBuffer(endpoint.items.array(in), in.offset(), n, frame, header.length);
        if (!sent(sendFrame(frame), direct)) {
            return null; // nobody took it within the timeout: try again (back-pressure)
        }
        io.consume(0, n);
        return WorkResult.CONTINUE;
    }

    /** Counts a frame the socket took for the direct buffers' reuse; returns {@code ok}. */
    private boolean sent(boolean ok, boolean direct) {
        if (ok && buffers != null) {
            buffers.sent(direct);
        }
        return ok;
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
