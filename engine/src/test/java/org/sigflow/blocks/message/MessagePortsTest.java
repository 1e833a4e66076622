package org.sigflow.blocks.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.InvalidGraphException;
import org.sigflow.session.OpenedGraph;
import org.sigflow.testing.GraphJson;

/** Message ports through validation and the runtime: strobe → debug, message vs stream checks, end of a run. */
class MessagePortsTest {
    static Engine engine;
    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private OpenedGraph open(GraphJson g) throws Exception {
        return engine.open(g.write(dir.resolve("g.graph")), Map.of());
    }

    @Test
    void aStrobeFeedsTheDebugsStoreUntilTheGraphIsStopped() throws Exception {
        GraphJson g = new GraphJson()
                .block("strobe", "message_strobe", Map.of("msg", "'pmt.cons(pmt.make_dict(), pmt.init_u8vector(3, "
                        + "[1, 2, 255]))'", "period", "2"))
                .block("dbg", "message_debug", Map.of())
                .connect("strobe", "strobe", "dbg", "store");
        try (RunningGraph run = engine.start(open(g), RunOptions.DEFAULT)) {
            MessageDebug.Debug dbg = (MessageDebug.Debug) run.block("dbg");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (dbg.messages().size() < 5 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(dbg.messages().size() >= 5, "messages: " + dbg.messages().size());
            Pmt want = new Pmt.Pair(Pmt.Dict.EMPTY, new Pmt.Uniform(org.sigflow.message.UniformKind.U8,
                    new byte[] {1, 2, (byte) 255}));
            dbg.messages().forEach(m -> assertEquals(want, m));
            assertTrue(run.isRunning(), "a strobe runs until stopped, as GNU Radio's");
            run.stop();
            RunOutcome end = run.await(Duration.ofSeconds(10)).orElseThrow(() -> new AssertionError("did not stop"));
            assertEquals(RunOutcome.Kind.STOPPED, end.kind());
        }
    }

    @Test
    void aDebugWhoseSendersAreGoneEndsWithTheStreams() throws Exception {
        GraphJson g = new GraphJson()
                .block("src", "null_source", Map.of("type", "f32"))
                .block("head", "head", Map.of("type", "f32", "num_items", "1000"))
                .block("snk", "null_sink", Map.of("type", "f32"))
                .block("dbg", "message_debug", Map.of())
                .chain("src", "head", "snk");
        try (RunningGraph run = engine.start(open(g), RunOptions.DEFAULT)) {
            RunOutcome end = run.await(Duration.ofSeconds(30)).orElseThrow(() -> new AssertionError("did not end"));
            assertEquals(RunOutcome.Kind.COMPLETED, end.kind());
        }
    }

    @Test
    void messageAndStreamPortsDoNotConnect() throws Exception {
        GraphJson g = new GraphJson()
                .block("strobe", "message_strobe", Map.of())
                .block("snk", "null_sink", Map.of("type", "f32"))
                .block("src", "null_source", Map.of("type", "f32"))
                .block("dbg", "message_debug", Map.of())
                .connect("strobe", "strobe", "snk", "in")
                .connect("src", "out", "dbg", "print");
        InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> open(g));
        String all = String.join("\n", e.problems());
        assertTrue(all.contains("message output 'strobe:strobe' cannot feed stream input 'snk:in': message ports "
                + "connect only to message ports (message inputs of 'snk': none)"), all);
        assertTrue(all.contains("stream output 'src:out' cannot feed message input 'dbg:print': message ports "
                + "connect only to message ports (message outputs of 'src': none)"), all);
    }

    @Test
    void aStrobeMessageThatIsNotALiteralPmtIsRefusedWithItsPlace() throws Exception {
        GraphJson g = new GraphJson()
                .block("strobe", "message_strobe", Map.of("msg", "'pmt.intern(name)'"))
                .block("dbg", "message_debug", Map.of())
                .connect("strobe", "strobe", "dbg", "print");
        OpenedGraph opened = open(g);
        InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> engine.check(opened));
        assertTrue(e.problems().getFirst().contains("block 'strobe' (message_strobe): msg: PMT expression "
                + "'pmt.intern(name)' at column 16: 'name' is not a literal or a pmt call"), e.problems().getFirst());
    }
}
