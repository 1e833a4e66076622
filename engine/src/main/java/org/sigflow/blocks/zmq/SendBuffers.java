package org.sigflow.blocks.zmq;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import org.zeromq.ZMQ;

/**
 * Direct buffers a PUSH sink sends its frames from, so that JeroMQ's I/O thread hands them to the kernel as they are:
 * a heap frame costs a new array per frame and, in the JDK, a copy of all its unsent bytes into a temporary direct
 * buffer at every write to the socket (about half the sender's time in a SigFlow → SigFlow link).
 *
 * <p>JeroMQ never says when it is done with a frame, so a buffer is reused only when that is certain: while the
 * socket has exactly one pipe (one peer), frames pass it in order, the pipe holds at most the send high-water mark
 * (HWM) of them and its I/O engine one more (it reads the next frame only once the previous one is written or copied
 * into its own batch buffer). So once HWM + 2 later frames went into that same pipe, a frame is out of JeroMQ's hands.
 * With no pipe, several pipes, a pipe that changed (a peer reconnected) or no HWM (0 = unbounded), the sink sends heap
 * frames as before, and buffers whose frames are still counted are left to the garbage collector. The pipe count is
 * read from JeroMQ's PUSH load balancer (only this block's thread changes it: pipes are attached while it calls the
 * socket); if that field is not there (another JeroMQ version), every frame is a heap frame.
 */
final class SendBuffers {
    /** Frames below this go as heap frames: a direct buffer pays off only for large ones. */
    static final int DIRECT_FROM = 64 << 10;
    /** Frames after a buffer's own, into the same single pipe, beyond the HWM + 2 the argument above needs. */
    private static final int MARGIN = 2;
    private record InFlight(ByteBuffer buffer, long seq) {}

    private final ZMQ.Socket socket;
    private final int capacity;
    private final long hwm;
    private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();
    /** The single pipe every counted frame went into (null: none yet), and how many went into it. */
    private Object pipe;
    private long sent;
    /** The buffer the last take() returned, until it is sent. */
    private ByteBuffer taken;

    /** @param capacity bytes of each buffer: frames up to this size are sent from direct buffers */
    SendBuffers(ZMQ.Socket socket, int capacity) {
        this.socket = socket;
        this.capacity = capacity;
        this.hwm = socket.getSndHWM();
    }

    /**
     * A buffer of exactly {@code bytes} to fill and send, or null when this frame must be a heap frame (no single
     * pipe, too small or too large). Until {@link #sent} counts it, the next call returns the same memory again.
     */
    ByteBuffer take(int bytes) {
        Object p = singlePipe();
        if (bytes < DIRECT_FROM || bytes > capacity || hwm <= 0 || p == null) {
            return null;
        }
        if (taken == null) {
            InFlight oldest = inFlight.peekFirst();
            if (oldest != null && p == pipe && sent - oldest.seq > hwm + 1 + MARGIN) {
                taken = inFlight.pollFirst().buffer;
            } else {
                taken = ByteBuffer.allocateDirect(capacity);
            }
        }
        return taken.clear().slice(0, bytes); // JeroMQ writes up to a buffer's capacity: exactly the frame
    }

    /**
     * Counts one frame the socket took, direct (the last {@link #take}n buffer) or heap: every frame pushes the
     * older ones through the pipe.
     */
    void sent(boolean direct) {
        Object p = singlePipe();
        if (p == null || p != pipe) {
            inFlight.clear(); // their frames may sit in another pipe: never reused
            pipe = p;
            sent = 0;
        }
        if (direct) {
            if (p != null) {
                inFlight.addLast(new InFlight(taken, sent));
            }
            taken = null;
        }
        sent++;
    }

    /** The socket's only pipe, or null with none or several. */
    private Object singlePipe() {
        List<?> pipes = PushPipes.pipes(socket);
        return pipes != null && pipes.size() == 1 ? pipes.get(0) : null;
    }
}
