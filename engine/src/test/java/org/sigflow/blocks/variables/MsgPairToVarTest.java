package org.sigflow.blocks.variables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.expr.Value;
import org.sigflow.grc.ImportResult;
import org.sigflow.runtime.GraphVariables;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * GNU Radio's {@code msg_to_var.grc}: an edit box sends {@code (testval . n)}, and {@code msgpair_to_var} sets the
 * variable {@code test} to n while the graph runs (a parameter depending on it follows); a message that is not a
 * simple pair is dropped, as GNU Radio's block drops it.
 */
class MsgPairToVarTest {
    private static Engine engine;

    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static final String GRC = """
            options:
              parameters: {id: msg_to_var, title: msg_to_var}
            blocks:
            - name: samp_rate
              id: variable
              parameters: {value: '32000'}
            - name: test
              id: variable_qtgui_entry
              parameters: {type: int, value: '0'}
            - name: box
              id: qtgui_edit_box_msg
              parameters: {is_pair: 'True', is_static: 'True', key: testval, type: int, value: '1'}
            - name: to_var
              id: blocks_msgpair_to_var
              parameters: {target: test}
            - name: bad
              id: blocks_message_strobe
              parameters: {msg: pmt.intern("not a pair"), period: '200'}
            - name: src
              id: blocks_null_source
              parameters: {type: complex, num_outputs: '1', vlen: '1'}
            - name: pace
              id: blocks_throttle2
              parameters: {type: complex, samples_per_second: samp_rate + 1000 * test, vlen: '1', ignoretag: 'True',
                           limit: auto, maximum: '0.1'}
            - name: sink
              id: blocks_null_sink
              parameters: {type: complex, num_inputs: '1', vlen: '1'}
            connections:
            - [src, '0', pace, '0']
            - [pace, '0', sink, '0']
            - [box, msg, to_var, inpair]
            - [bad, strobe, to_var, inpair]
            metadata: {file_format: 1}
            """;

    @Test
    void aPairFromTheEditBoxSetsTheVariableWhileRunning() throws Exception {
        ImportResult r = engine.grcImporter().importText(GRC, "msg_to_var.grc");
        assertEquals(Map.of("target", "'test'"), r.graph().block("to_var").orElseThrow().params());
        assertTrue(r.report().unmappedTypes().isEmpty(), String.join("\n", r.report().lines()));
        Path file = dir.resolve("msg_to_var.grc");
        Files.writeString(file, GRC);
        OpenedGraph opened = engine.open(file, Map.of());
        try (RunningGraph run = engine.start(opened, RunOptions.DEFAULT)) {
            GraphVariables vars = engine.variables(run).orElseThrow();
            MsgPairToVar.Setter setter = (MsgPairToVar.Setter) run.block("to_var");
            waitUntil(() -> setter.dropped() >= 1); // the strobe's symbol, every 200 ms
            assertEquals(Optional.of(Value.of(0L)), vars.value("test"), "a symbol alone sets nothing");
            engine.changeVariable(opened, run, "box", "'42'"); // typed into the box
            waitUntil(() -> setter.applied() == 1);
            assertEquals(Optional.of(Value.of(42L)), vars.value("test"));
            assertEquals(32000 + 42000, vars.param("pace", "samples_per_second").orElseThrow().asDouble(),
                    "the throttle's rate follows the variable");
            run.stop();
            assertTrue(run.await(Duration.ofSeconds(10)).orElseThrow().ok());
        }
    }

    @Test
    void messageValuesBecomeTheLiteralsOfWhatPythonMakesOfThem() {
        assertEquals("2.5", PmtValues.expression(org.sigflow.message.Pmt.of(2.5)));
        assertEquals("-7", PmtValues.expression(org.sigflow.message.Pmt.of(-7L)));
        assertEquals("'abc'", PmtValues.expression(org.sigflow.message.Pmt.symbol("abc")));
        assertEquals("true", PmtValues.expression(org.sigflow.message.Pmt.of(true)));
        assertEquals("[1, 255]", PmtValues.expression(new org.sigflow.message.Pmt.Uniform(
                org.sigflow.message.UniformKind.U8, new byte[] {1, (byte) 255})));
    }

    static void waitUntil(Supplier<Boolean> condition) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.get() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(condition.get(), "within 20 s");
    }
}
