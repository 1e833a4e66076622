package org.sigflow.blocks.zmq;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import zmq.Msg;
import zmq.msg.MsgAllocator;

/**
 * Where a ZMQ source's socket puts the frames it receives: large frames go into recycled direct buffers, so the
 * kernel copies the bytes straight into the memory the source then copies into its ring (a heap frame costs the JDK
 * an extra copy through a temporary direct buffer, and an allocation per frame). JeroMQ's I/O thread allocates here;
 * the source gives a buffer back once it has handed out the frame's items. Small frames stay on the heap.
 */
final class FramePool implements MsgAllocator {
    /** Frames below this are cheaper on the heap. */
    static final int DIRECT_FROM = 64 << 10;
    /** At most this many idle buffers are kept; more in flight (a deep receive queue) are allocated and dropped. */
    private static final int MAX_IDLE = 16;

    private final int capacity;
    private final ConcurrentLinkedQueue<ByteBuffer> idle = new ConcurrentLinkedQueue<>();
    private final AtomicInteger idleCount = new AtomicInteger();

    /** @param capacity bytes of each pooled buffer: the largest frame expected (bigger ones get their own) */
    FramePool(int capacity) {
        this.capacity = capacity;
    }

    @Override
    public Msg allocate(int size) {
        if (size < DIRECT_FROM) {
            return new Msg(size);
        }
        if (size > capacity) {
            return new Msg(ByteBuffer.allocateDirect(size));
        }
        ByteBuffer b = idle.poll();
        if (b == null) {
            b = ByteBuffer.allocateDirect(capacity);
        } else {
            idleCount.decrementAndGet();
        }
        b.clear().limit(size);
        return new Msg(b);
    }

    /** Takes back a frame's buffer once nothing reads it any more (others are left to the garbage collector). */
    void release(ByteBuffer b) {
        if (b != null && b.isDirect() && b.capacity() == capacity && idleCount.incrementAndGet() <= MAX_IDLE) {
            idle.offer(b);
        } else if (b != null && b.isDirect() && b.capacity() == capacity) {
            idleCount.decrementAndGet();
        }
    }
}
