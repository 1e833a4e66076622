package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.message.MessageDebug;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * GNU Radio's var_to_msg example: a GUI entry's variable watched by {@code var_to_msg}; changing the variable while
 * the graph runs sends {@code (test . value)}, as GNU Radio's {@code variable_changed} callback does, and nothing is
 * sent at start. Its {@code msgname: test} is the text 'test' although a variable {@code test} exists: GRC takes a
 * string param's text when it does not evaluate to a string.
 */
class GrcVarToMsgTest {
    static Engine engine;
    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static final String GRC = """
            options:
              parameters: {id: v2m, title: v2m}
            blocks:
            - name: test
              id: variable_qtgui_entry
              parameters: {label: Test Variable, type: int, value: '0'}
            - name: v2m
              id: blocks_var_to_msg
              parameters: {msgname: test, target: test}
            - name: dbg
              id: blocks_message_debug
              parameters: {en_uvec: 'True'}
            connections:
            - [v2m, msgout, dbg, store]
            metadata: {file_format: 1}
            """;

    @Test
    void aVariableChangeBecomesAMessage() throws Exception {
        ImportResult r = engine.grcImporter().importText(GRC, "v2m.grc");
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        assertEquals(Map.of("value", "test", "msgname", "'test'"), r.graph().block("v2m").orElseThrow().params());
        Path file = dir.resolve("v2m.grc");
        Files.writeString(file, GRC);
        OpenedGraph opened = engine.open(file, Map.of());
        try (RunningGraph run = engine.start(opened, RunOptions.DEFAULT)) {
            MessageDebug.Debug dbg = (MessageDebug.Debug) run.block("dbg");
            opened = engine.changeVariable(opened, run, "test", "5");
            engine.changeVariable(opened, run, "test", "2.5");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (dbg.messages().size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(List.of(new Pmt.Pair(Pmt.symbol("test"), Pmt.of(5L)),
                    new Pmt.Pair(Pmt.symbol("test"), Pmt.of(2.5))), dbg.messages());
            run.stop();
        }
    }
}
