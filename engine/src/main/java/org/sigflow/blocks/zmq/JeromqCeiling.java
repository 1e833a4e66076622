package org.sigflow.blocks.zmq;

import java.nio.ByteBuffer;
import java.util.Locale;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;
import zmq.Msg;

/**
 * The raw JeroMQ ceiling of a PUSH → PULL link, with nothing of SigFlow in it: the figure a SigFlow ZMQ link is
 * measured against (tools/zmq/throughput.sh, tools/zmq/zmq-run.sh). One process per side, like two SigFlow graphs:
 * <pre>
 *   java -cp … org.sigflow.blocks.zmq.JeromqCeiling pull ADDRESS [heap|direct]     (binds; prints the rate)
 *   java -cp … org.sigflow.blocks.zmq.JeromqCeiling push ADDRESS ITEMS FRAME_BYTES [heap|direct]
 * </pre>
 * The sender sends ITEMS cf32 items (8 bytes each) as frames of FRAME_BYTES from one buffer it never refills (no
 * copy of its own), then one empty frame; the receiver times from the first frame to the empty one. {@code heap}:
 * JeroMQ's plain API (a byte[] sent, a new byte[] per received frame); {@code direct}: what JeroMQ does at best,
 * a direct buffer sent and frames received into one reused direct buffer (nothing reads them), so the kernel's
 * copies and JeroMQ's framing are all that is left.
 */
public final class JeromqCeiling {
    private JeromqCeiling() {}

    public static void main(String[] args) {
        if (args.length >= 2 && args[0].equals("pull")) {
            pull(args[1], args.length > 2 && args[2].equals("direct"));
        } else if (args.length >= 4 && args[0].equals("push")) {
            push(args[1], (long) Double.parseDouble(args[2]), Integer.parseInt(args[3]),
                    args.length > 4 && args[4].equals("direct"));
        } else {
            System.err.println("usage: JeromqCeiling pull ADDRESS [heap|direct] | push ADDRESS ITEMS FRAME_BYTES [heap|direct]");
            System.exit(2);
        }
    }

    private static void pull(String address, boolean direct) {
        try (ZContext ctx = new ZContext(1)) {
            ZMQ.Socket s = ctx.createSocket(SocketType.PULL);
            if (direct) {
                ByteBuffer[] one = {ByteBuffer.allocateDirect(1 << 20)};
                s.setMsgAllocator(size -> {
                    if (one[0].capacity() < size) {
                        one[0] = ByteBuffer.allocateDirect(size);
                    }
                    return new Msg(one[0].clear().slice(0, size));
                });
            }
            s.bind(address);
            long bytes = s.base().recv(0).size();
            long t0 = System.nanoTime();
            long frames = 1;
            int size;
            while ((size = s.base().recv(0).size()) > 0) {
                bytes += size;
                frames++;
            }
            double sec = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "raw JeroMQ (%s): %d frames of %d bytes, %.0f MB/s = %.1f Msps cf32 "
                    + "(%.2f s)%n", direct ? "direct" : "heap", frames, bytes / frames, bytes / sec / 1e6,
                    bytes / sec / 8e6, sec);
        }
    }

    private static void push(String address, long items, int frameBytes, boolean direct) {
        try (ZContext ctx = new ZContext(1)) {
            ctx.setLinger(-1);
            ZMQ.Socket s = ctx.createSocket(SocketType.PUSH);
            s.setLinger(-1);
            s.setHandshakeIvl(ZmqEndpoint.HANDSHAKE_MS); // JeroMQ's connect race: ZmqEndpoint.HANDSHAKE_MS
            s.connect(address);
            byte[] heap = new byte[frameBytes];
            ByteBuffer buf = ByteBuffer.allocateDirect(frameBytes);
            long frames = Math.max(1, items * 8 / frameBytes);
            for (long i = 0; i < frames; i++) {
                if (direct) {
                    s.base().send(new Msg(buf), 0); // the same memory each time: nothing here writes it
                } else {
                    s.send(heap, 0);
                }
            }
            s.send(new byte[0], 0);
        }
    }
}
