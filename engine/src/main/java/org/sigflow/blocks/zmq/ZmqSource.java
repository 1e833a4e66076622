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

    /** The frame being handed out, its first unread byte and the index of its first unread item. */
    private byte[] frame;
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
    public void start() throws IOException {
        socket = endpoint.open();
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
            byte[] data = receive(first ? endpoint.waitMs() : 0);
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
        items.fromBytes(frame, frameBytePos, count, items.array(out), out.offset() + at * items.elements);
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

    /** One data frame (after the key frame, if any); null when none came within {@code waitMs}. */
    private byte[] receive(int waitMs) throws IOException {
        socket.setReceiveTimeOut(waitMs);
        byte[] first = socket.recv(0);
        if (first == null) {
            return null;
        }
        if (endpoint.key.isEmpty()) {
            if (socket.hasReceiveMore()) {
                drainParts();
                throw new IOException("received a multi-part message (a key frame?) but "
                        + "this block has no key: set Key to the sender's key");
            }
            return first;
        }
        if (!socket.hasReceiveMore()) {
            return null; // a key without data: dropped, as gr-zeromq does
        }
        byte[] data = socket.recv(0);
        drainParts();
        return data;
    }

    private void drainParts() {
        while (socket.hasReceiveMore()) {
            socket.recv(0);
        }
    }

    /** Takes a received frame apart: end marker, tag header, whole items. */
    private void load(byte[] data) throws IOException {
        frame = data;
        frameItemPos = 0;
        frameItems = 0;
        frameBytePos = 0;
        frameTags = List.of();
        if (data.length == 0) {
            ended = true;
            return;
        }
        if (endpoint.passTags) {
            TagHeader h;
            try {
                h = TagHeader.parse(ByteBuffer.wrap(data));
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
            frameBytePos = h.length();
            // offsets relative to the frame; tags before its first item cannot be placed (gr-zeromq drops them too)
            frameTags = h.tags().stream().filter(t -> t.offset() >= h.offset())
                    .map(t -> t.withOffset(t.offset() - h.offset())).toList();
        }
        int payload = data.length - frameBytePos;
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

    private static boolean looksLikeTagHeader(byte[] data) {
        if (data.length < TagHeader.FIXED_BYTES) {
            return false;
        }
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.nativeOrder());
        return (b.getShort(0) & 0xffff) == TagHeader.MAGIC && b.get(2) == TagHeader.VERSION;
    }

    @Override
    public void stop() {
        endpoint.closeNow();
    }
}
