package org.sigflow.blocks.zmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sigflow.blocks.zmq.ZmqGraphs.node;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * The lossless sinks (PUSH, REP) when their peer stops taking frames after the stream's end: a peer that never reads
 * on leaves the sink waiting in its work calls, where a stop ends the run within seconds saying what was not
 * delivered (REP's close used to linger for it forever); a peer killed with frames still queued for it ends the run
 * with how many were lost. The peer takes two frames first, then reads no more: a receive high-water mark of one
 * frame and a 64 KiB kernel buffer stop its side, the sender's kernel buffer holds at most 4 MiB (tcp_wmem), so most
 * of a 32 MiB stream stays in the sink's queue (a high-water mark of 1000 frames holds all of it). Waits are bounded
 * generously; nothing here is timed.
 */
class ZmqUndeliveredTest {
    /** 32 MiB of cf32: 32 or more frames of at most 1 MiB. */
    private static final int N = 4 << 20;
    private static final int WAIT_SECONDS = 60;

    private static RunningGraph sink(String type, String address) throws Exception {
        return ZmqGraphs.pair(node("ramp", new TaggedRamp(N, false, 0), 0, 1),
                node("snk", type, 1, 0, "type", "cf32", "vlen", 1, "address", address, "bind", true,
                        "timeout", 100.0, "pass_tags", false, "hwm", 1000, "peer_timeout", 0.0, "end_marker", true));
    }

    /** A peer that keeps at most one frame (and 64 KiB of bytes) it has not read. */
    private static ZMQ.Socket peer(ZContext ctx, SocketType type, String address) {
        ZMQ.Socket s = ctx.createSocket(type);
        s.setRcvHWM(1);
        s.setReceiveBufferSize(64 << 10);
        s.setHandshakeIvl(ZmqEndpoint.HANDSHAKE_MS);
        s.setReceiveTimeOut(WAIT_SECONDS * 1000);
        s.connect(address);
        return s;
    }

    /** Frames whose items the peer took: they must be the ramp's first items. */
    private static void assertRampStart(ByteArrayOutputStream taken) {
        float[] got = new float[taken.size() / 4];
        ByteBuffer.wrap(taken.toByteArray()).order(ByteOrder.nativeOrder()).asFloatBuffer().get(got);
        assertTrue(got.length > 0 && got.length < 2 * N, "the peer took " + got.length / 2 + " items");
        ZmqGraphs.assertRamp(got, 0, got.length / 2);
    }

    /** Waits (bounded) until the sink has queued the whole stream and its end and frames wait to be taken. */
    private static void awaitStuckQueue(RunningGraph g) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_SECONDS * 1_000_000_000L;
        while (!(g.metrics().get(1).extra().get("sent_items") == N
                && g.metrics().get(1).extra().get("undelivered_frames") > 0)) {
            assertTrue(g.isRunning() && System.nanoTime() < deadline, "the sink did not queue the whole stream "
                    + "for a peer that stopped reading within " + WAIT_SECONDS + " s: " + g.metrics().get(1).extra());
            Thread.sleep(10);
        }
    }

    /** The number in a message matching {@code regex} (group 1), which must be a count of frames between 1 and N. */
    private static long count(String regex, String message) {
        Matcher m = Pattern.compile(regex).matcher(message);
        assertTrue(m.matches(), message);
        long n = Long.parseLong(m.group(1));
        assertTrue(n >= 1 && n <= N, message);
        return n;
    }

    private static String address() throws Exception {
        return "tcp://127.0.0.1:" + GnuRadioPeer.freePort();
    }

    @Test
    void aPushReceiverKilledWithFramesQueuedForItEndsTheRunSayingHowManyWereLost() throws Exception {
        String address = address();
        RunningGraph tx = sink("zmq_push_sink", address);
        try (ZContext ctx = new ZContext()) {
            ZMQ.Socket pull = peer(ctx, SocketType.PULL, address);
            ByteArrayOutputStream taken = new ByteArrayOutputStream();
            for (int i = 0; i < 2; i++) {
                byte[] f = pull.recv(0);
                assertTrue(f != null && f.length > 0, "no frame within " + WAIT_SECONDS + " s");
                taken.writeBytes(f);
            }
            assertRampStart(taken);
            awaitStuckQueue(tx);
            pull.setLinger(0); // killed: its connection closes with frames still queued for it
        }
        RunOutcome o = ZmqGraphs.finish(tx, WAIT_SECONDS);
        assertEquals(RunOutcome.Kind.FAILED, o.kind());
        count("block 'snk' \\(zmq_push_sink\\) failed: ([0-9]+) frame\\(s\\) were lost: a receiver's connection "
                + "closed before it took them \\(ZeroMQ drops a bound PUSH's queue for a connection that closes\\)",
                o.failure().describe());
    }

    /** A requester that asks for everything at once and reads two answers. */
    private static ZMQ.Socket requester(ZContext ctx, String address) {
        ZMQ.Socket dealer = peer(ctx, SocketType.DEALER, address); // sends requests without waiting for answers
        byte[] all = ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(-1).array(); // 2^32 - 1 items
        for (int i = 0; i < 1000; i++) { // more than the stream has frames (its high-water mark is 1000)
            dealer.sendMore(new byte[0]); // the envelope's delimiter, as a REQ sends it
            dealer.send(all, 0);
        }
        ByteArrayOutputStream taken = new ByteArrayOutputStream();
        for (int i = 0; i < 2; i++) {
            byte[] delimiter = dealer.recv(0);
            assertTrue(delimiter != null && delimiter.length == 0 && dealer.hasReceiveMore(), "no answer");
            byte[] f = dealer.recv(0);
            assertTrue(f != null && f.length > 0, "an empty answer");
            taken.writeBytes(f);
        }
        assertRampStart(taken);
        return dealer;
    }

    @Test
    void aRepSinkWhoseRequesterStopsReadingEndsOnAStopSayingWhatWasNotTaken() throws Exception {
        String address = address();
        RunningGraph tx = sink("zmq_rep_sink", address);
        try (ZContext ctx = new ZContext()) {
            requester(ctx, address);
            awaitStuckQueue(tx);
            tx.stop(); // the requester is still connected but never reads on: the close must not wait for it
            RunOutcome o = ZmqGraphs.finish(tx, WAIT_SECONDS);
            assertEquals(RunOutcome.Kind.FAILED, o.kind());
            count("block 'snk' \\(zmq_rep_sink\\) failed: stopped before a receiver took the whole stream: ([0-9]+) "
                    + "queued frame\\(s\\) were never taken \\(" + Pattern.quote(address) + "\\)",
                    o.failure().describe());
        }
    }

    @Test
    void aRepSinkWhoseRequesterDisappearsEndsTheRunSayingHowManyAnswersWereLost() throws Exception {
        String address = address();
        RunningGraph tx = sink("zmq_rep_sink", address);
        try (ZContext ctx = new ZContext()) {
            requester(ctx, address).setLinger(0);
            awaitStuckQueue(tx);
        } // the requester's process is gone: its connection closes with answers queued for it
        RunOutcome o = ZmqGraphs.finish(tx, WAIT_SECONDS);
        assertEquals(RunOutcome.Kind.FAILED, o.kind());
        count("block 'snk' \\(zmq_rep_sink\\) failed: ([0-9]+) frame\\(s\\) were lost: a receiver's connection "
                + "closed before it took them \\(ZeroMQ drops a REP's replies to a requester that closes\\)",
                o.failure().describe());
    }

    private static RunningGraph reqSource(String address, double peerTimeout) throws Exception {
        return ZmqGraphs.receive(node("src", "zmq_req_source", 0, 1, "type", "cf32", "vlen", 1, "address", address,
                "bind", false, "timeout", 100.0, "pass_tags", false, "hwm", -1, "peer_timeout", peerTimeout), N);
    }

    /** A REP peer at {@code address}, bound, that will take the source's request and never answer it. */
    private static ZMQ.Socket replier(ZContext ctx, String address) {
        ZMQ.Socket rep = ctx.createSocket(SocketType.REP);
        rep.bind(address);
        rep.setReceiveTimeOut(WAIT_SECONDS * 1000);
        return rep;
    }

    private static void awaitRequest(ZMQ.Socket rep) {
        byte[] request = rep.recv(0);
        assertTrue(request != null && request.length == 4, "no item-count request within " + WAIT_SECONDS + " s");
    }

    /** Sources have nothing to deliver: a REQ source waiting for an answer that never comes ends on a stop. */
    @Test
    void aReqSourceWhosePeerNeverAnswersEndsOnAStop() throws Exception {
        String address = address();
        try (ZContext ctx = new ZContext()) {
            ZMQ.Socket rep = replier(ctx, address);
            RunningGraph rx = reqSource(address, 0);
            awaitRequest(rep);
            rx.stop();
            assertEquals(RunOutcome.Kind.STOPPED, ZmqGraphs.finish(rx, WAIT_SECONDS).kind());
            assertEquals(0, ZmqGraphs.collected(rx).length, "items from a peer that never answered");
        }
    }

    /** A REQ source whose peer disappears before answering ends the run by itself after the peer timeout. */
    @Test
    void aReqSourceWhosePeerDisappearsEndsTheRunAfterThePeerTimeout() throws Exception {
        String address = address();
        RunningGraph rx;
        try (ZContext ctx = new ZContext()) {
            ZMQ.Socket rep = replier(ctx, address);
            rx = reqSource(address, 1.0);
            awaitRequest(rep);
            rep.setLinger(0);
        } // the peer's process is gone before it answered
        RunOutcome o = ZmqGraphs.finish(rx, WAIT_SECONDS);
        assertEquals(RunOutcome.Kind.FAILED, o.kind());
        assertEquals("block 'src' (zmq_req_source) failed: the peer at " + address + " went away and did not come "
                + "back within 1 s (peer timeout)", o.failure().describe());
    }
}
