package org.sigflow.blocks.zmq;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;
import org.zeromq.ZMQ;
import org.zeromq.ZMQException;
import zmq.Msg;
import zmq.ZError;

/**
 * A gr-zeromq stream source (SUB, PULL or REQ), after {@code base_source_impl}: receives frames of raw items (after
 * a tag header with {@code pass_tags}, after a key frame with a key), hands their items out as output space allows
 * and re-bases the frame's tags onto its own stream. An empty frame is SigFlow's end-of-stream marker (GNU Radio
 * never sends one): the stream ends after it.
 */
abstract class ZmqSource implements Block {
    @Override
    public boolean waitsOutsideJava() {
        return true; // JeroMQ waits in a selector
    }

    final ZmqEndpoint endpoint;
    ZMQ.Socket socket;

    /** Received frames land in recycled direct buffers (FramePool says why). */
    private final FramePool pool = new FramePool(ZmqSink.MAX_FRAME_BYTES + FramePool.DIRECT_FROM);
    /** The frame being handed out, its first unread byte and the index of its first unread item. */
    private ByteBuffer frame;
    private int frameBytePos;
    private int frameItemPos;
    private int frameItems;
    /** Tags of the current frame, offsets relative to its first item. */
    private List<Tag> frameTags = List.of();
    private boolean ended;

    ZmqSource(ZmqEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public int chunkElements() {
        return ZmqSink.MAX_FRAME_BYTES / endpoint.items.elementBytes; // a whole frame fits one work call
    }

    @Override
    public void start() throws IOException {
        socket = endpoint.open(pool);
        configure(socket);
    }

    void configure(ZMQ.Socket socket) {}

    /** Called before waiting for a frame when none is pending (REQ sends its item-count request here). */
    void beforeReceive(int wanted) {}

    /** Called once a data frame arrived (REQ's request is answered). */
    void afterReceive() {}

    @Override
    public WorkResult work(WorkIo io) throws IOException {
        endpoint.checkPeers();
        OutputView out = io.out(0);
        int space = out.space();
        int done = 0;
        boolean first = true;
        while (done < space && !ended) {
            if (frameItemPos < frameItems) {
                done += flush(out, done, space - done);
                continue;
            }
            beforeReceive(space - done);
            ByteBuffer data = receive(first ? endpoint.waitMs() : 0);
            if (data == null) {
                break;
            }
            afterReceive();
            first = false;
            load(data);
        }
        if (done > 0) {
            io.produce(0, done);
        }
        return ended && frameItemPos >= frameItems ? WorkResult.DONE : WorkResult.CONTINUE;
    }

    /** Copies up to {@code n} pending items to the output at item {@code at} of this call, with their tags. */
    private int flush(OutputView out, int at, int n) {
        int count = Math.min(n, frameItems - frameItemPos);
        ItemBytes items = endpoint.items;
        items.fromBuffer(frame, frameBytePos, count, items.array(out), out.offset() + at * items.elements);
        long base = out.position() + at - frameItemPos;
        for (Tag t : frameTags) {
            if (t.offset() >= frameItemPos && t.offset() < frameItemPos + count) {
                out.addTag(base + t.offset(), t.key(), t.value());
            }
        }
        frameItemPos += count;
        frameBytePos += count * items.itemBytes;
        return count;
    }

    /**
     * One data frame (after the key frame, if any), as received (no copy); null when none came within
     * {@code waitMs}.
     */
    private ByteBuffer receive(int waitMs) throws IOException {
        socket.setReceiveTimeOut(waitMs);
        Msg first = recvMsg();
        if (first == null) {
            return null;
        }
        if (endpoint.key.isEmpty()) {
            if (first.hasMore()) {
                drainParts();
                throw new IOException("received a multi-part message (a key frame?) but "
                        + "this block has no key: set Key to the sender's key");
            }
            return first.buf();
        }
        if (!first.hasMore()) {
            return null; // a key without data: dropped, as gr-zeromq does
        }
        Msg data = recvMsg();
        if (data != null && data.hasMore()) {
            drainParts();
        }
        return data == null ? null : data.buf();
    }

    /** JeroMQ's message itself, whose buffer is the pool's: {@code Socket.recv} would copy it into a byte[]. */
    private Msg recvMsg() {
        Msg m = socket.base().recv(0);
        if (m == null) {
            int err = socket.errno();
            if (err != ZError.EAGAIN && err != 0) {
                throw new ZMQException(err);
            }
        }
        return m;
    }

    private void drainParts() {
        while (socket.hasReceiveMore()) {
            socket.recv(0);
        }
    }

    /** Takes a received frame apart: end marker, tag header, whole items. */
    private void load(ByteBuffer data) throws IOException {
        pool.release(frame); // every item of the previous frame has been handed out
        frame = data;
        frameItemPos = 0;
        frameItems = 0;
        frameBytePos = 0;
        frameTags = List.of();
        if (data.remaining() == 0) {
            ended = true;
            return;
        }
        if (endpoint.passTags) {
            TagHeader h;
            try {
                h = TagHeader.parse(data);
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
            frameBytePos = h.length();
            // offsets relative to the frame; tags before its first item cannot be placed (gr-zeromq drops them too)
            frameTags = h.tags().stream().filter(t -> t.offset() >= h.offset())
                    .map(t -> t.withOffset(t.offset() - h.offset())).toList();
        }
        int payload = data.remaining() - frameBytePos;
        int itemBytes = endpoint.items.itemBytes;
        if (payload % itemBytes != 0) {
            String hint = !endpoint.passTags && looksLikeTagHeader(data)
                    ? ": it starts with a tag header, so the sender passes tags: turn Pass Tags on"
                    : ": do both ends use the same IO type and vector length?";
            throw new IOException("received a frame of " + payload + " bytes, not a whole "
                    + "number of " + itemBytes + "-byte items" + hint);
        }
        frameItems = payload / itemBytes;
    }

    private static boolean looksLikeTagHeader(ByteBuffer data) {
        if (data.remaining() < TagHeader.FIXED_BYTES) {
            return false;
        }
        ByteBuffer b = data.duplicate().order(ByteOrder.nativeOrder());
        return (b.getShort(0) & 0xffff) == TagHeader.MAGIC && b.get(2) == TagHeader.VERSION;
    }

    @Override
    public void stop() {
        pool.release(frame);
        frame = null;
        endpoint.closeNow();
    }
}
