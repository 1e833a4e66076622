package org.sigflow.blocks.zmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sigflow.blocks.zmq.ZmqGraphs.node;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * The lossless PUSH sink's end: it delivers the whole stream to a receiver that comes late, never puts frames into a
 * connection that has not finished its handshake (JeroMQ's connect race, zeromq/jeromq#1022, left such frames behind
 * and the sink's close waiting for them forever), and a stop while frames are undelivered ends the run within
 * seconds, saying what was not delivered. Waits are bounded generously; nothing here is timed.
 */
class ZmqCloseTest {
    /** About two 1 MiB frames of cf32: they fit the sink's queue, so the sink takes the whole stream at once. */
    private static final int N = 200_000;

    private static RunningGraph sink(String address, boolean bind) {
        return ZmqGraphs.pair(node("ramp", new TaggedRamp(N, false, 0), 0, 1),
                nodeOf(address, bind));
    }

    private static org.sigflow.runtime.FlowNode nodeOf(String address, boolean bind) {
        try {
            return node("snk", "zmq_push_sink", 1, 0, "type", "cf32", "vlen", 1, "address", address, "bind", bind,
                    "timeout", 100.0, "pass_tags", false, "hwm", -1, "peer_timeout", 0.0, "end_marker", true);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String address() throws Exception {
        return "tcp://127.0.0.1:" + GnuRadioPeer.freePort();
    }

    /** Waits (bounded) until the sink has seen its input end after sending {@code sent} items. */
    private static void awaitInputEnded(RunningGraph g, int sent) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!(g.metrics().get(1).extra().get("input_ended") == 1.0
                && g.metrics().get(1).extra().get("sent_items") == sent)) {
            assertTrue(System.nanoTime() < deadline, "the sink did not see its input end within 60 s: "
                    + g.metrics().get(1).extra());
            Thread.sleep(10);
        }
    }

    /** Receives frames until the end marker (bounded by the receive timeout); the items, in order. */
    private static float[] receiveAll(ZMQ.Socket pull) {
        pull.setReceiveTimeOut(30_000);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] f = pull.recv(0);
        while (f != null && f.length > 0) {
            all.writeBytes(f);
            f = pull.recv(0);
        }
        assertEquals(0, f == null ? -1 : f.length, "the end marker did not arrive within 30 s");
        float[] got = new float[all.size() / 4];
        ByteBuffer.wrap(all.toByteArray()).order(ByteOrder.nativeOrder()).asFloatBuffer().get(got);
        return got;
    }

    /**
     * A TCP connection that never speaks (what JeroMQ's stalled connect looks like from the bound side) is accepted
     * first; the bound sink must not queue frames for it: a real receiver connecting beside it gets every item and
     * the end marker, and the sink completes.
     */
    @Test
    void aBoundSinkQueuesNothingForAConnectionStillHandshaking() throws Exception {
        String address = address();
        int port = Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
        RunningGraph tx = sink(address, true);
        try (Socket silent = connectWhenListening(port); ZContext ctx = new ZContext()) {
            silent.setSoTimeout(30_000);
            InputStream greeting = silent.getInputStream();
            assertEquals(0xFF, greeting.read(), "ZMTP greeting"); // its engine (and pipe) are attached now
            ZMQ.Socket pull = ctx.createSocket(SocketType.PULL);
            pull.setHandshakeIvl(ZmqEndpoint.HANDSHAKE_MS);
            pull.connect(address);
            ZmqGraphs.assertRamp(receiveAll(pull), 0, N);
        }
        ZmqGraphs.assertCompleted(ZmqGraphs.finish(tx, 30));
    }

    /** A plain TCP connection to the sink's port, retried (bounded) until the sink, on its own thread, listens. */
    private static Socket connectWhenListening(int port) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return s;
            } catch (java.net.ConnectException notYet) {
                s.close();
                assertTrue(System.nanoTime() < deadline, "the sink did not listen within 30 s");
                Thread.sleep(20);
            }
        }
    }

    /** A connecting sink whose receiver binds only after the sink has taken the whole stream: nothing is lost. */
    @Test
    void aReceiverThatComesLateGetsTheWholeStream() throws Exception {
        String address = address();
        RunningGraph tx = sink(address, false);
        awaitInputEnded(tx, N);
        try (ZContext ctx = new ZContext()) {
            ZMQ.Socket pull = ctx.createSocket(SocketType.PULL);
            pull.bind(address);
            ZmqGraphs.assertRamp(receiveAll(pull), 0, N);
        }
        ZmqGraphs.assertCompleted(ZmqGraphs.finish(tx, 30));
    }

    /**
     * A connecting sink whose receiver never comes has queued the stream and waits for it; a stop ends the run within
     * seconds (its close used to linger forever) and says how much was not delivered.
     */
    @Test
    void aStopWhileNoReceiverCameEndsTheRunAndSaysWhatWasNotDelivered() throws Exception {
        RunningGraph tx = sink(address(), false);
        awaitInputEnded(tx, N);
        tx.stop();
        RunOutcome o = ZmqGraphs.finish(tx, 30);
        assertEquals(RunOutcome.Kind.FAILED, o.kind());
        String m = o.failure().describe();
        assertTrue(m.matches("block 'snk' \\(zmq_push_sink\\) failed: stopped before a receiver took the whole "
                + "stream: [1-9][0-9]* queued frame\\(s\\) were never taken \\(tcp://.*\\)"), m);
    }

    /** A bound sink nobody connects to: the stop says how many items it could not send. */
    @Test
    void aStopOfABoundSinkWithoutReceiverSaysHowManyItemsWereNotSent() throws Exception {
        String address = address();
        RunningGraph tx = sink(address, true);
        awaitInputEnded(tx, 0);
        tx.stop();
        RunOutcome o = ZmqGraphs.finish(tx, 30);
        assertEquals(RunOutcome.Kind.FAILED, o.kind());
        assertEquals("block 'snk' (zmq_push_sink) failed: stopped before a receiver took the whole stream: the "
                + "stream's end was never sent (0 item(s) went) (" + address + ")", o.failure().describe());
    }
}
