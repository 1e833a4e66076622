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
 *   java -cp … org.sigflow.blocks.zmq.JeromqCeiling pull ADDRESS             (binds; prints the rate at the end)
 *   java -cp … org.sigflow.blocks.zmq.JeromqCeiling push ADDRESS ITEMS FRAME_BYTES [heap|direct]
 * </pre>
 * The sender sends ITEMS cf32 items (8 bytes each) as frames of FRAME_BYTES from one buffer it never refills (no
 * copy of its own: {@code heap} sends a byte[] as JeroMQ's plain API does, {@code direct} a direct ByteBuffer), then
 * one empty frame. The receiver takes each frame with JeroMQ's plain {@code recv()} and times from the first frame
 * to the empty one.
 */
public final class JeromqCeiling {
    private JeromqCeiling() {}

    public static void main(String[] args) {
        if (args.length >= 2 && args[0].equals("pull")) {
            pull(args[1]);
        } else if (args.length >= 4 && args[0].equals("push")) {
            push(args[1], (long) Double.parseDouble(args[2]), Integer.parseInt(args[3]),
                    args.length > 4 && args[4].equals("direct"));
        } else {
            System.err.println("usage: JeromqCeiling pull ADDRESS | push ADDRESS ITEMS FRAME_BYTES [heap|direct]");
            System.exit(2);
        }
    }

    private static void pull(String address) {
        try (ZContext ctx = new ZContext(1)) {
            ZMQ.Socket s = ctx.createSocket(SocketType.PULL);
            s.bind(address);
            byte[] f = s.recv(0);
            long t0 = System.nanoTime();
            long bytes = f.length;
            long frames = 1;
            while ((f = s.recv(0)).length > 0) {
                bytes += f.length;
                frames++;
            }
            double sec = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "raw JeroMQ: %d frames of %d bytes, %.0f MB/s = %.1f Msps cf32 (%.2f s)%n",
                    frames, bytes / frames, bytes / sec / 1e6, bytes / sec / 8e6, sec);
        }
    }

    private static void push(String address, long items, int frameBytes, boolean direct) {
        try (ZContext ctx = new ZContext(1)) {
            ctx.setLinger(-1);
            ZMQ.Socket s = ctx.createSocket(SocketType.PUSH);
            s.setLinger(-1);
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
