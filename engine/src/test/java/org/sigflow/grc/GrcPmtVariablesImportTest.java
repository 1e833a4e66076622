package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.message.MessageDebug;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;

/**
 * Variables holding PMTs (gr-pdu's examples: {@code timekey = pmt.intern("SYS_TIME")},
 * {@code v = pmt.init_c32vector(N, np.arange(N).tolist())}) import as string variables of their PMT text, with
 * the arguments that use variables as {@code str(…)}; a PMT param built from them ({@code pmt.cons(pmt.PMT_NIL, v)})
 * sends what GNU Radio's Python makes: a pair of nil and the c32 vector 0, 1, 2, 3.
 */
class GrcPmtVariablesImportTest {
    static Engine engine;
    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static final String GRC = """
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

    @Test
    void pmtVariablesImportAsTheirTextAndRun() throws Exception {
        ImportResult r = engine.grcImporter().importText(GRC, "pmts.grc");
        assertEquals("'pmt.intern(\"SYS_TIME\")'", r.graph().variables().get("timekey"));
        assertEquals("'pmt.init_c32vector(' + str(N) + ', ' + str(arange(N)) + ')'", r.graph().variables().get("v"));
        assertEquals("'pmt.cons(pmt.PMT_NIL, ' + str(v) + ')'",
                r.graph().block("strobe").orElseThrow().params().get("msg"));
        assertTrue(r.report().attention().isEmpty(), String.valueOf(r.report().attention()));

        Path file = dir.resolve("pmts.grc");
        Files.writeString(file, GRC);
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
