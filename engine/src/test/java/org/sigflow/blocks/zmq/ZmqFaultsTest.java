package org.sigflow.blocks.zmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sigflow.blocks.zmq.ZmqGraphs.node;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/** Bad input on the wire ends the run with a message that says what was wrong, within seconds, never a hang. */
class ZmqFaultsTest {

    private static String address() throws Exception {
        return "tcp://127.0.0.1:" + GnuRadioPeer.freePort();
    }

    private static FlowNode pull(String address, boolean bind, boolean passTags, double peerTimeout) throws Exception {
        return node("src", "zmq_pull_source", 0, 1, "type", "cf32", "vlen", 1, "address", address, "bind", bind,
                "timeout", 100.0, "pass_tags", passTags, "hwm", -1, "peer_timeout", peerTimeout);
    }

    /**
     * Connects a test socket. JeroMQ 0.6.0 now and then never starts the handshake of a freshly connected TCP socket
     * (its poller's connect hand-off race, zeromq/jeromq#1022): nothing flows until the handshake timer reconnects,
     * 30 s by default, which is what made these tests hang now and then. So this timer is short here, as in the
     * blocks ({@link ZmqEndpoint#HANDSHAKE_MS}).
     */
    private static void connect(ZMQ.Socket s, String address) {
        s.setHandshakeIvl(ZmqEndpoint.HANDSHAKE_MS);
        s.connect(address);
    }

    /**
     * Sends raw frames from a plain ZeroMQ PUSH socket to a SigFlow pull source and returns how the run ended. A run
     * that hangs (the handshake race of {@link #connect}, before its timer was short) is retried on a fresh port, up
     * to three times.
     */
    private static String failureFor(boolean passTags, byte[]... frames) throws Exception {
        AssertionError last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                return failureOnce(passTags, frames);
            } catch (AssertionError hung) {
                if (!String.valueOf(hung.getMessage()).startsWith("graph did not end")) {
                    throw hung;
                }
                last = hung;
            }
        }
        throw last;
    }

    private static String failureOnce(boolean passTags, byte[]... frames) throws Exception {
        String address = address();
        try (ZContext ctx = new ZContext()) {
            // the source binds and the test connects: a connecting PUSH queues the frames until the link is up
            RunningGraph g = ZmqGraphs.receive(pull(address, true, passTags, 5), 1_000_000);
            ZMQ.Socket push = ctx.createSocket(SocketType.PUSH);
            connect(push, address);
            for (byte[] f : frames) {
                push.send(f, 0);
            }
            RunOutcome o = ZmqGraphs.finish(g, 10);
            assertEquals(RunOutcome.Kind.FAILED, o.kind());
            return o.failure().describe();
        }
    }

    /** PMT symbol "k" (PMT is big-endian, the header's integers are in host order). */
    private static final byte[] SYMBOL_K = {0x02, 0, 1, 'k'};

    private static ByteBuffer header(int tags) {
        return ByteBuffer.allocate(64).order(ByteOrder.nativeOrder()).putShort((short) 0x5FF0).put((byte) 1)
                .putLong(0).putLong(tags);
    }

    private static byte[] bytes(ByteBuffer b) {
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    @Test
    void aFrameOfPartialItemsIsRefused() throws Exception {
        String m = failureFor(false, new byte[13]);
        assertTrue(m.contains("received a frame of 13 bytes, not a whole number of 8-byte items"), m);
        assertTrue(m.startsWith("block 'src' (zmq_pull_source) failed"), m);
    }

    @Test
    void aTagHeaderWhereNoneIsExpectedIsNamed() throws Exception {
        byte[] frame = bytes(header(0).putFloat(1).putFloat(2)); // 19 + 8 bytes
        String m = failureFor(false, frame);
        assertTrue(m.contains("starts with a tag header, so the sender passes tags: turn Pass Tags on"), m);
    }

    @Test
    void aMissingTagHeaderIsNamed() throws Exception {
        String m = failureFor(true, new byte[32]);
        assertTrue(m.contains("frame does not start with a tag header (magic 0x0000"), m);
    }

    @Test
    void aTruncatedOrUnknownPmtIsRefused() throws Exception {
        ByteBuffer b = header(1).putLong(0).put(SYMBOL_K).put((byte) 0x42);
        String m = failureFor(true, bytes(b));
        assertTrue(m.contains("unknown PMT type byte 0x42"), m);
        String t = failureFor(true, bytes(header(1).putLong(0).put(new byte[] {0x02, 0, 40})));
        assertTrue(t.contains("truncated"), t);
    }

    @Test
    void aPmtWithoutCounterpartIsRefusedByName() throws Exception {
        ByteBuffer b = header(1).putLong(0).put(SYMBOL_K).put((byte) 0x09);
        String m = failureFor(true, bytes(b));
        assertTrue(m.contains("tag 'k': PMT dict values have no SigFlow tag counterpart"), m);
    }

    @Test
    void aPortInUseIsNamed() throws Exception {
        String address = address();
        try (ZContext ctx = new ZContext()) {
            ctx.createSocket(SocketType.PULL).bind(address);
            RunningGraph g = ZmqGraphs.pair(node("ramp", new TaggedRamp(10, false, 0), 0, 1),
                    node("snk", "zmq_push_sink", 1, 0, "type", "cf32", "vlen", 1, "address", address, "bind", true,
                            "timeout", 100.0, "pass_tags", false, "hwm", -1, "peer_timeout", 5.0,
                            "end_marker", false));
            RunOutcome o = ZmqGraphs.finish(g, 10);
            assertEquals(RunOutcome.Kind.FAILED, o.kind());
            assertEquals("block 'snk' (zmq_push_sink) failed: cannot bind " + address
                    + ": the address is in use (another program, or another block, listens there)",
                    o.failure().describe());
        }
    }

    @Test
    void aSenderThatVanishesMidStreamEndsTheRunWithinThePeerTimeout() throws Exception {
        String address = address();
        RunningGraph g = ZmqGraphs.receive(pull(address, true, false, 0.5), 1_000_000);
        try (ZContext ctx = new ZContext()) {
            ZMQ.Socket push = ctx.createSocket(SocketType.PUSH);
            ctx.setLinger(5000); // ZContext applies its own linger at close: deliver the frame, however late the
            push.setLinger(5000); // source binds
            connect(push, address);
            push.send(new byte[8 * 100], 0);
            Thread.sleep(300);
        } // the sender's context closes once the frame is out: its connection drops
        long t0 = System.nanoTime();
        RunOutcome o = ZmqGraphs.finish(g, 10);
        assertEquals(RunOutcome.Kind.FAILED, o.kind());
        assertTrue(o.failure().describe().contains("the peer at " + address
                + " went away and did not come back within 0.5 s (peer timeout)"), o.failure().describe());
        assertTrue(System.nanoTime() - t0 < 5e9);
        assertEquals(200, ZmqGraphs.collected(g).length); // what came before is kept
    }

    @Test
    void aReceiverThatVanishesEndsTheSenderToo() throws Exception {
        String address = address();
        RunningGraph g = ZmqGraphs.pair(node("ramp", new TaggedRamp(Long.MAX_VALUE / 4, false, 0), 0, 1),
                node("snk", "zmq_push_sink", 1, 0, "type", "cf32", "vlen", 1, "address", address, "bind", true,
                        "timeout", 100.0, "pass_tags", false, "hwm", 4, "peer_timeout", 0.5, "end_marker", false));
        try (ZContext ctx = new ZContext()) {
            ZMQ.Socket pull = ctx.createSocket(SocketType.PULL);
            connect(pull, address);
            assertTrue(pull.recv(0).length > 0);
        }
        RunOutcome o = ZmqGraphs.finish(g, 10);
        assertEquals(RunOutcome.Kind.FAILED, o.kind());
        assertTrue(o.failure().describe().contains("went away"), o.failure().describe());
    }

    /**
     * The sink has queued the whole stream and ends while its receiver reads nothing for 3 s: closing delivers the
     * queue (bounded by the peer timeout) instead of dropping it after gr-zeromq's 1 s linger, as it did.
     */
    @Test
    void aSlowReceiverGetsTheWholeStreamAfterTheSinkHasEnded() throws Exception {
        String address = address();
        // 200,000 cf32 items are about 13 frames: they fit the sink's own queue (32 frames at hwm -1) whatever the
        // kernel's socket buffers hold, so the sink can take the whole stream while the receiver reads nothing.
        int n = 200_000;
        RunningGraph tx = ZmqGraphs.pair(node("ramp", new TaggedRamp(n, false, 0), 0, 1),
                node("snk", "zmq_push_sink", 1, 0, "type", "cf32", "vlen", 1, "address", address, "bind", true,
                        "timeout", 100.0, "pass_tags", false, "hwm", -1, "peer_timeout", 30.0, "end_marker", true));
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        try (ZContext ctx = new ZContext()) {
            ZMQ.Socket pull = ctx.createSocket(SocketType.PULL);
            pull.setRcvHWM(1);
            pull.setReceiveTimeOut(30_000);
            connect(pull, address);
            byte[] f = pull.recv(0); // the link is up
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (tx.metrics().get(1).itemsIn() < n) { // the sink has taken every item: it ends and closes now
                assertTrue(System.nanoTime() < deadline, "the sink did not take the stream within 30 s");
                Thread.sleep(10);
            }
            Thread.sleep(3000); // a receiver busy elsewhere, longer than the old 1 s linger
            while (f != null && f.length > 0) {
                all.write(f);
                f = pull.recv(0);
            }
            assertEquals(0, f == null ? -1 : f.length, "the end marker did not arrive");
        }
        ZmqGraphs.assertCompleted(ZmqGraphs.finish(tx, 30));
        float[] got = new float[all.size() / 4];
        ByteBuffer.wrap(all.toByteArray()).order(ByteOrder.nativeOrder()).asFloatBuffer().get(got);
        ZmqGraphs.assertRamp(got, 0, n);
    }

    /**
     * A stream of many 1 MiB frames, more than the sink's queue (32) plus its margin: the PUSH sink reuses its
     * direct send buffers (SendBuffers), and every item must arrive as sent, also while the receiver lags. The sink
     * connects and the test binds: a connecting socket keeps its queue when JeroMQ's handshake race ({@link #connect})
     * makes it reconnect, where a bound one drops the frames it queued for the stalled connection.
     */
    @Test
    void aLongStreamFromRecycledSendBuffersArrivesExact() throws Exception {
        String address = address();
        int n = 8 << 20; // 64 MiB of cf32: 64 frames; every value is exact in float32 (below 2^24)
        RunningGraph tx = ZmqGraphs.pair(node("ramp", new TaggedRamp(n, false, 0), 0, 1),
                node("snk", "zmq_push_sink", 1, 0, "type", "cf32", "vlen", 1, "address", address, "bind", false,
                        "timeout", 100.0, "pass_tags", false, "hwm", -1, "peer_timeout", 30.0, "end_marker", true));
        long next = 0;
        int frames = 0;
        try (ZContext ctx = new ZContext()) {
            ZMQ.Socket pull = ctx.createSocket(SocketType.PULL);
            pull.setRcvHWM(1);
            pull.setReceiveTimeOut(30_000);
            pull.bind(address);
            byte[] f = pull.recv(0);
            while (f != null && f.length > 0) {
                var floats = ByteBuffer.wrap(f).order(ByteOrder.nativeOrder()).asFloatBuffer();
                for (int i = 0; i < floats.limit(); i += 2, next++) {
                    if (floats.get(i) != next || floats.get(i + 1) != -next) {
                        throw new AssertionError("item " + next + " arrived as (" + floats.get(i) + ", "
                                + floats.get(i + 1) + ") in frame " + frames);
                    }
                }
                if (++frames % 8 == 0) {
                    Thread.sleep(20); // a receiver that lags now and then: the sink's queue fills up
                }
                f = pull.recv(0);
            }
            assertEquals(0, f == null ? -1 : f.length, "the end marker did not arrive");
        }
        assertEquals(n, next);
        ZmqGraphs.assertCompleted(ZmqGraphs.finish(tx, 30));
    }

    @Test
    void sigflowToSigflowEndsWithTheEndMarkerAndLosesNothing() throws Exception {
        String address = address();
        int n = 200_000;
        RunningGraph rx = RunningGraph.start(java.util.List.of(pull(address, false, true, 5),
                        node("sink", "vector_sink", 1, 0, "type", "cf32", "vlen", 1)),
                java.util.List.of(new org.sigflow.runtime.FlowEdge("src", 0, "sink", 0)),
                org.sigflow.runtime.RunOptions.DEFAULT);
        RunningGraph tx = ZmqGraphs.pair(node("ramp", new TaggedRamp(n, true, 0), 0, 1),
                node("snk", "zmq_push_sink", 1, 0, "type", "cf32", "vlen", 1, "address", address, "bind", true,
                        "timeout", 100.0, "pass_tags", true, "hwm", -1, "peer_timeout", 5.0, "end_marker", true));
        ZmqGraphs.assertCompleted(ZmqGraphs.finish(tx, 20));
        ZmqGraphs.assertCompleted(ZmqGraphs.finish(rx, 20));
        ZmqGraphs.assertRamp(ZmqGraphs.collected(rx), 0, n);
        assertEquals(ZmqTagRule.expected(0, n), ZmqGraphs.collectedTags(rx));
    }

    @Test
    void pmtValuesRoundTripAndUnknownOnesAreRefused() {
        for (long o = 0; o < 7 * ZmqTagRule.EVERY; o += ZmqTagRule.EVERY) {
            Object v = ZmqTagRule.tagAt(o).value();
            assertEquals(v, Pmt.read(ByteBuffer.wrap(Pmt.bytes(v))), "kind " + o / ZmqTagRule.EVERY);
        }
        // PMT's own bytes for from_long(5), from_double(0.5), intern("ab")
        assertEquals("0300000005", hex(Pmt.bytes(5L)));
        assertEquals("043fe0000000000000", hex(Pmt.bytes(0.5)));
        assertEquals("0200026162", hex(Pmt.bytes("ab")));
        var e = org.junit.jupiter.api.Assertions.assertThrows(Pmt.PmtException.class,
                () -> Pmt.write(new Object(), new ByteArrayOutputStream()));
        assertTrue(e.getMessage().contains("has no PMT counterpart"));
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02x", x));
        }
        return s.toString();
    }
}
