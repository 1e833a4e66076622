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
    private volatile boolean streamEnded;
    /** A PUSH or REP socket's queue, watched until its I/O engines have taken every frame (null: the linger does). */
    private PushPipes queue;
    /** The upstream block has ended; items sent, frames queued and not yet taken (as of the last work call). */
    private volatile boolean inputEnded;
    private volatile long sentItems;
    private volatile long undelivered;

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
        if (PushPipes.available(endpoint.type)) { // PUSH and REP: the lossless sinks
            queue = new PushPipes(socket);
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
        sentItems = in.position();
        inputEnded |= in.upstreamDone();
        int available = Math.min(in.available(), maxItems);
        if (available == 0 && !in.finished()) {
            return WorkResult.CONTINUE;
        }
        if (!streamEnded && !handshaken()) {
            return null; // no frame into a connection still handshaking (waited up to the timeout)
        }
        if (available == 0) {
            // the marker waits like any frame (for a receiver, for a request)
            streamEnded = streamEnded || !endMarker || sent(sendFrame(ByteBuffer.allocate(0)), false);
            return streamEnded && delivered() ? WorkResult.DONE : null;
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

    /**
     * A bound PUSH sink's wait (at most the timeout, in short steps) until every connection has finished its
     * handshake ({@link PushPipes#handshaken()}); true at once for other sinks.
     */
    private boolean handshaken() throws IOException {
        if (queue == null || !endpoint.bind || endpoint.type != org.zeromq.SocketType.PUSH) { // REP answers requests
            return true;
        }
        long end = System.nanoTime() + endpoint.waitMs() * 1_000_000L;
        while (!queue.handshaken()) {
            if (System.nanoTime() > end) {
                return false;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(5_000_000L);
            endpoint.checkPeers();
        }
        return true;
    }

    /**
     * After the end of the stream: whether the connections' I/O engines have taken every queued frame (waiting a few
     * milliseconds when not). The sink waits here, in work, where a stop request ends the wait, rather than in a
     * close that lingers forever for a receiver that never comes.
     */
    private boolean delivered() throws IOException {
        if (queue == null) {
            return true; // closing lingers for the queue (closeDelivering)
        }
        undelivered = queue.queued();
        if (undelivered == 0) {
            if (queue.lost() > 0) {
                throw new IOException(queue.lost() + " frame(s) were lost: a receiver's connection closed before it "
                        + "took them (ZeroMQ drops " + (endpoint.type == org.zeromq.SocketType.REP
                        ? "a REP's replies to a requester" : "a bound PUSH's queue for a connection")
                        + " that closes)");
            }
            return true;
        }
        java.util.concurrent.locks.LockSupport.parkNanos(5_000_000L);
        return false;
    }

    /** Where the end of the stream stands: input ended (0/1), items sent, frames queued and not yet taken. */
    @Override
    public java.util.Map<String, Double> extraMetrics() {
        return java.util.Map.of("input_ended", inputEnded ? 1.0 : 0.0, "sent_items", (double) sentItems,
                "undelivered_frames", (double) undelivered);
    }

    @Override
    public void stop() throws IOException {
        if (streamEnded && queue == null) {
            endpoint.closeDelivering();
            return;
        }
        long queued = queue == null || socket == null ? 0 : queue.queued();
        endpoint.close(); // gr-zeromq's 1 s linger at most
        if (inputEnded && (queued > 0 || !streamEnded)) {
            List<String> what = new java.util.ArrayList<>();
            if (!streamEnded) {
                what.add("the stream's end was never sent (" + sentItems + " item(s) went)");
            }
            if (queued > 0) {
                what.add(queued + " queued frame(s) were never taken");
            }
            throw new IOException("stopped before a receiver took the whole stream: " + String.join("; ", what)
                    + " (" + endpoint.address + ")");
        }
    }
}
