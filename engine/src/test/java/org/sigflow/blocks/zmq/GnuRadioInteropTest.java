package org.sigflow.blocks.zmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.sigflow.blocks.zmq.ZmqGraphs.assertCompleted;
import static org.sigflow.blocks.zmq.ZmqGraphs.assertRamp;
import static org.sigflow.blocks.zmq.ZmqGraphs.node;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.Tag;

/**
 * SigFlow's ZMQ blocks against a real GNU Radio 3.10 flowgraph (tools/zmq/gr_peer.py) on loopback, in both
 * directions, for PUSH/PULL, REQ/REP and PUB/SUB, with and without tags: every sample and every tag (seven PMT kinds,
 * offsets re-based as gr-zeromq does) must arrive exactly.
 */
class GnuRadioInteropTest {
    private static final int N = 30_000;
    @TempDir
    Path dir;

    @BeforeEach
    void needGnuRadio() {
        GnuRadioPeer.assumeAvailable();
    }

    private static String address() throws Exception {
        return "tcp://127.0.0.1:" + GnuRadioPeer.freePort();
    }

    private static Object[] sourceParams(String address, boolean tags, Object... more) {
        Object[] base = {"type", "cf32", "vlen", 1, "address", address, "bind", false, "timeout", 100.0,
                "pass_tags", tags, "hwm", -1, "peer_timeout", 5.0};
        Object[] all = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    private static Object[] sinkParams(String address, boolean tags, Object... more) {
        return sourceParams(address, tags, concat(new Object[] {"bind", true, "end_marker", false}, more));
    }

    private static Object[] concat(Object[] a, Object[] b) {
        Object[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /** GNU Radio's sink (push, rep, pub) binds; SigFlow's source connects, takes N items and checks them. */
    private void fromGnuRadio(String grSink, String sfSource, boolean tags, Object... extra) throws Exception {
        String address = address();
        boolean pub = grSink.equals("pub");
        try (GnuRadioPeer gr = GnuRadioPeer.start(grArgs("send", grSink, address, tags, pub ? 2.0 : 0))) {
            RunningGraph g = ZmqGraphs.receive(node("src", sfSource, 0, 1, sourceParams(address, tags, extra)), N);
            assertCompleted(ZmqGraphs.finish(g, 40));
            float[] got = ZmqGraphs.collected(g);
            long first = (long) got[0]; // a subscriber may join late: everything from its first item on must be exact
            assertEquals(pub ? first : 0, first);
            assertRamp(got, first, N);
            assertEquals(tags ? ZmqTagRule.expected(first, N) : List.<Tag>of(), ZmqGraphs.collectedTags(g));
            if (!pub) {
                gr.await(20);
            }
        }
    }

    /** SigFlow's sink binds and sends a tagged ramp; GNU Radio's source connects, takes N items and writes them. */
    private void toGnuRadio(String sfSink, String grSource, boolean tags, Object... extra) throws Exception {
        String address = address();
        boolean pub = sfSink.equals("zmq_pub_sink");
        Path out = dir.resolve("gr");
        try (GnuRadioPeer gr = GnuRadioPeer.start(
                grArgs("recv", grSource, address, tags, 0, "--out", out.toString()))) {
            // PUB sends to nobody until GNU Radio has subscribed: the ramp starts later and repeats long enough
            long items = pub ? 50L * N : N;
            RunningGraph g = ZmqGraphs.pair(node("ramp", new TaggedRamp(items, true, pub ? 2500 : 0), 0, 1),
                    node("snk", sfSink, 1, 0, sinkParams(address, tags, extra)));
            gr.await(40);
            if (pub) {
                g.stop(); // the ramp outlasts what GNU Radio takes
                assertEquals(RunOutcome.Kind.STOPPED, ZmqGraphs.finish(g, 20).kind());
            } else {
                assertCompleted(ZmqGraphs.finish(g, 20));
            }
            float[] got = ZmqGraphs.readCf32(Path.of(out + ".cf32"));
            long first = (long) got[0];
            assertEquals(pub ? first : 0, first);
            assertRamp(got, first, N);
            assertEquals(tags ? ZmqTagRule.expected(first, N) : List.<Tag>of(),
                    ZmqGraphs.readTags(Path.of(out + ".tags.json")));
        }
    }

    private static String[] grArgs(String role, String pattern, String address, boolean tags, double delay,
                                   String... more) {
        List<String> a = new java.util.ArrayList<>(List.of(role, pattern, address, "--items", String.valueOf(N),
                "--tags", "--delay", String.valueOf(delay), "--max-seconds", "40"));
        if (tags) {
            a.add("--pass-tags");
        }
        if (pattern.equals("pub") || pattern.equals("sub")) {
            a.addAll(List.of("--key", "sigflow"));
        }
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void gnuRadioPushToPullWithTags() throws Exception {
        fromGnuRadio("push", "zmq_pull_source", true);
    }

    @Test
    void gnuRadioPushToPullWithoutTags() throws Exception {
        fromGnuRadio("push", "zmq_pull_source", false);
    }

    @Test
    void gnuRadioRepToReqWithTags() throws Exception {
        fromGnuRadio("rep", "zmq_req_source", true);
    }

    @Test
    void gnuRadioPubToSubWithKeyAndTags() throws Exception {
        fromGnuRadio("pub", "zmq_sub_source", true, "key", "sigflow");
    }

    @Test
    void pushToGnuRadioPullWithTags() throws Exception {
        toGnuRadio("zmq_push_sink", "pull", true);
    }

    @Test
    void pushToGnuRadioPullWithoutTags() throws Exception {
        toGnuRadio("zmq_push_sink", "pull", false);
    }

    @Test
    void repToGnuRadioReqWithTags() throws Exception {
        toGnuRadio("zmq_rep_sink", "req", true);
    }

    @Test
    void repToGnuRadioReqWithoutTags() throws Exception {
        toGnuRadio("zmq_rep_sink", "req", false);
    }

    @Test
    void pubToGnuRadioSubWithKeyAndTags() throws Exception {
        toGnuRadio("zmq_pub_sink", "sub", true, "key", "sigflow", "drop_on_hwm", "block");
    }
}
