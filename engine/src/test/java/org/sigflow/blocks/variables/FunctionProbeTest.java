package org.sigflow.blocks.variables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.expr.Value;
import org.sigflow.grc.ImportResult;
import org.sigflow.runtime.GraphVariables;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;

/**
 * GRC's function probe, as in GNU Radio's {@code uhd_normalized_gain.grc} (a label showing a block's gain): the
 * variable follows the getter it polls while the graph runs; probes of getters SigFlow has not are left out at
 * import, saying why.
 */
class FunctionProbeTest {
    private static Engine engine;

    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static final String GRC = """
            options:
              parameters: {id: probe, title: probe}
            blocks:
            - name: samp_rate
              id: variable
              parameters: {value: '32000'}
            - name: gain
              id: variable_qtgui_range
              parameters: {value: '.5', start: '0', stop: '1', step: '.02', rangeType: float}
            - name: abs_gain
              id: variable_function_probe
              parameters: {block_id: src, function_name: amplitude, function_args: '', poll_rate: '50', value: '5'}
            - name: rate_seen
              id: variable_function_probe
              parameters: {block_id: '', function_name: get_samp_rate, function_args: '', poll_rate: '50', value: '0'}
            - name: wrong
              id: variable_function_probe
              parameters: {block_id: src, function_name: get_gain, function_args: '', poll_rate: '10', value: '1'}
            - name: radio
              id: variable_function_probe
              parameters: {block_id: uhd_usrp_source_0, function_name: get_gain, function_args: '', poll_rate: '10',
                           value: '2'}
            - name: src
              id: analog_sig_source_x
              parameters: {type: float, amp: gain, freq: '1000', samp_rate: samp_rate, waveform: analog.GR_COS_WAVE,
                           offset: '0', phase: '0'}
            - name: pace
              id: blocks_throttle
              parameters: {type: float, samples_per_second: samp_rate, vlen: '1', ignoretag: 'True'}
            - name: sink
              id: blocks_null_sink
              parameters: {type: float, num_inputs: '1', vlen: '1'}
            connections:
            - [src, '0', pace, '0']
            - [pace, '0', sink, '0']
            metadata: {file_format: 1}
            """;

    @Test
    void theVariableFollowsTheGetterItPolls() throws Exception {
        ImportResult r = engine.grcImporter().importText(GRC, "probe.grc");
        String report = String.join("\n", r.report().lines());
        assertEquals(Map.of("target", "'abs_gain'", "block", "'src'", "function", "'amplitude'", "poll_rate", "50"),
                r.graph().block("abs_gain").orElseThrow().params());
        assertEquals("5", r.graph().variables().get("abs_gain"), "the initial value");
        assertTrue(r.graph().block("wrong").isEmpty() && report.contains("SigFlow's signal_source has no getter "
                + "'get_gain'"), report);
        assertTrue(r.graph().block("radio").isEmpty() && report.contains("uhd_usrp_source_0.get_gain(), a block "
                + "SigFlow did not import"), report);
        assertEquals("1", r.graph().variables().get("wrong"), "a probe left out keeps its variable");

        Path file = dir.resolve("probe.grc");
        Files.writeString(file, GRC);
        try (RunningGraph run = engine.start(engine.open(file, Map.of()), RunOptions.DEFAULT)) {
            GraphVariables vars = engine.variables(run).orElseThrow();
            MsgPairToVarTest.waitUntil(() -> vars.value("abs_gain").equals(Optional.of(Value.of(0.5))));
            MsgPairToVarTest.waitUntil(() -> vars.value("rate_seen").equals(Optional.of(Value.of(32000L))));
            engine.changeVariable(null, run, "gain", "0.8");
            MsgPairToVarTest.waitUntil(() -> vars.value("abs_gain").equals(Optional.of(Value.of(0.8))));
            assertTrue(((FunctionProbe.Probe) run.block("abs_gain")).polls() >= 2);
            run.stop();
            assertTrue(run.await(Duration.ofSeconds(10)).orElseThrow().ok());
        }
    }
}
