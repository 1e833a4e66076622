package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.message.MessageDebug;
import org.sigflow.blocks.sinks.TagDebug;
import org.sigflow.graph.Connection;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;

/**
 * A GRC flowgraph with message connections, a tagged stream and a constant source: every block imported, message
 * edges kept by port name, and run headless with GNU Radio's results (tag_debug's tags as GNU Radio's saw them on
 * the same packets, {@code tools/reference/gen_gnuradio_misc.py}).
 */
class GrcMessagesImportTest {
    static Engine engine;
    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static final String GRC = """
            options:
              parameters: {id: msgs, title: msgs}
            blocks:
            - name: pkt_len
              id: variable
              parameters: {value: '"packet_len"'}
            - name: src
              id: analog_const_source_x
              parameters: {type: float, const: '7'}
            - name: head
              id: blocks_head
              parameters: {type: float, num_items: '25', vlen: '1'}
            - name: s2ts
              id: blocks_stream_to_tagged_stream
              parameters: {type: float, vlen: '1', packet_len: '10', len_tag_key: pkt_len}
            - name: tags
              id: blocks_tag_debug
              parameters: {type: float, name: '"dbg"', num_inputs: '1', vlen: '1', display: 'False', filter: '""'}
            - name: strobe
              id: blocks_message_strobe
              parameters: {msg: 'pmt.intern("TEST")', period: '5'}
            - name: dbg
              id: blocks_message_debug
              parameters: {en_uvec: 'True', log_level: info}
            - name: dial
              id: variable_qtgui_dial_control
              parameters: {value: '50', minimum: '0', maximum: '100'}
            connections:
            - [src, '0', head, '0']
            - [head, '0', s2ts, '0']
            - [s2ts, '0', tags, '0']
            - [strobe, strobe, dbg, store]
            - [dial, value, dbg, print]
            metadata: {file_format: 1}
            """;

    @Test
    void messageConnectionsImportByPortNameAndRun() throws Exception {
        ImportResult r = engine.grcImporter().importText(GRC, "msgs.grc");
        assertEquals(Map.of(), r.report().unmappedTypes());
        assertTrue(r.graph().connections().contains(new Connection("strobe", "strobe", "dbg", "store")));
        assertEquals("pkt_len", r.graph().block("s2ts").orElseThrow().params().get("len_tag_key"));
        assertEquals("'dbg'", r.graph().block("tags").orElseThrow().params().get("name"));
        assertEquals("50", r.graph().variables().get("dial"));
        assertEquals(Map.of("type", "f32", "waveform", "constant", "amplitude", "0", "frequency", "0", "offset", "7"),
                r.graph().block("src").orElseThrow().params());
        List<String> attention = r.report().attention().stream().map(i -> i.subject() + ": " + i.message()).toList();
        assertEquals(List.of("connection dial:value → dbg:print: not imported: GUI control dial "
                + "(variable_qtgui_dial_control) became a variable; the messages it sends when the user changes it "
                + "have no sender in SigFlow yet"), attention);

        Path file = dir.resolve("msgs.grc");
        Files.writeString(file, GRC);
        try (RunningGraph run = engine.start(engine.open(file, Map.of()), RunOptions.DEFAULT)) {
            MessageDebug.Debug dbg = (MessageDebug.Debug) run.block("dbg");
            TagDebug.Debug tags = (TagDebug.Debug) run.block("tags");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while ((dbg.messages().size() < 2 || tags.tags().size() < 3) && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(Pmt.symbol("TEST"), dbg.messages().getFirst());
            JsonNode ref;
            try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_misc.json")) {
                ref = new ObjectMapper().readTree(in).get("tag_debug");
            }
            List<String> want = new ArrayList<>();
            ref.forEach(t -> want.add(t.get(0).asLong() + " " + t.get(1).asText() + " " + t.get(2).asText()));
            List<String> got = tags.tags().stream().map(t -> t.offset() + " " + t.key() + " " + t.value()).toList();
            assertEquals(want, got, "the tags GNU Radio's tag_debug saw");
            run.stop();
            RunOutcome end = run.await(Duration.ofSeconds(10)).orElseThrow(() -> new AssertionError("did not stop"));
            assertTrue(end.ok(), String.valueOf(end.failure()));
        }
    }

    private static final String PMT_GRC = """
            options:
              parameters: {id: pmts, title: pmts}
            blocks:
            - name: N
              id: variable
              parameters: {value: '4'}
            - name: timekey
              id: variable
              parameters: {value: 'pmt.intern("SYS_TIME")'}
            - name: v
              id: variable
              parameters: {value: 'pmt.init_c32vector(N,np.arange(N).tolist())'}
            - name: strobe
              id: blocks_message_strobe
              parameters: {msg: 'pmt.cons(pmt.PMT_NIL, v)', period: '5'}
            - name: dbg
              id: blocks_message_debug
              parameters: {en_uvec: 'True', log_level: info}
            connections:
            - [strobe, strobe, dbg, store]
            metadata: {file_format: 1}
            """;

    /**
     * Variables holding PMTs (gr-pdu's examples: {@code timekey = pmt.intern("SYS_TIME")},
     * {@code v = pmt.init_c32vector(N, np.arange(N).tolist())}) import as string variables of their PMT text, with
     * the arguments that use variables as {@code str(…)}; a PMT param built from them ({@code pmt.cons(pmt.PMT_NIL, v)})
     * sends what GNU Radio's Python makes: a pair of nil and the c32 vector 0, 1, 2, 3.
     */
    @Test
    void pmtVariablesImportAsTheirTextAndRun() throws Exception {
        ImportResult r = engine.grcImporter().importText(PMT_GRC, "pmts.grc");
        assertEquals("'pmt.intern(\"SYS_TIME\")'", r.graph().variables().get("timekey"));
        assertEquals("'pmt.init_c32vector(' + str(N) + ', ' + str(arange(N)) + ')'", r.graph().variables().get("v"));
        assertEquals("'pmt.cons(pmt.PMT_NIL, ' + str(v) + ')'",
                r.graph().block("strobe").orElseThrow().params().get("msg"));
        assertTrue(r.report().attention().isEmpty(), String.valueOf(r.report().attention()));

        Path file = dir.resolve("pmts.grc");
        Files.writeString(file, PMT_GRC);
        try (RunningGraph run = engine.start(engine.open(file, Map.of()), RunOptions.DEFAULT)) {
            MessageDebug.Debug dbg = (MessageDebug.Debug) run.block("dbg");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (dbg.messages().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            // GNU Radio: pmt.cons(pmt.PMT_NIL, pmt.init_c32vector(4, [0, 1, 2, 3])), complex float32 (re, im) pairs
            Pmt want = new Pmt.Pair(new Pmt.Nil(), new Pmt.Uniform(UniformKind.C32,
                    new float[] {0, 0, 1, 0, 2, 0, 3, 0}));
            assertEquals(want, dbg.messages().getFirst());
            run.stop();
            RunOutcome end = run.await(Duration.ofSeconds(10)).orElseThrow(() -> new AssertionError("did not stop"));
            assertTrue(end.ok(), String.valueOf(end.failure()));
        }
    }
}
