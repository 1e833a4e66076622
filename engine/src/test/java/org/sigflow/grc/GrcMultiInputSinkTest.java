package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.graph.Connection;
import org.sigflow.graph.ViewLayout;
import org.sigflow.session.Engine;

/**
 * A Qt time sink with two inputs becomes two time sinks drawn in one view (the second as an overlay trace), so both
 * sources stay connected and the graph validates; GRC input k goes to the k-th sink.
 */
class GrcMultiInputSinkTest {
    static Engine engine;
    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static final String GRC = """
            options:
              parameters: {id: multi, title: multi}
            blocks:
            - name: samp_rate
              id: variable
              parameters: {value: '32000'}
            - name: a
              id: analog_sig_source_x
              parameters: {type: float, waveform: analog.GR_COS_WAVE, samp_rate: samp_rate, freq: '1000', amp: '1',
                           offset: '0', phase: '0'}
            - name: b
              id: analog_sig_source_x
              parameters: {type: float, waveform: analog.GR_SIN_WAVE, samp_rate: samp_rate, freq: '500', amp: '1',
                           offset: '0', phase: '0'}
            - name: thr
              id: blocks_throttle
              parameters: {type: float, samples_per_second: samp_rate, vlen: '1', ignoretag: 'True'}
            - name: scope
              id: qtgui_time_sink_x
              parameters: {type: float, nconnections: '2', size: '1024', srate: samp_rate, update_time: '0.10',
                           tr_mode: qtgui.TRIG_MODE_FREE, stemplot: 'False', name: '""'}
            connections:
            - [a, '0', thr, '0']
            - [thr, '0', scope, '0']
            - [b, '0', scope, '1']
            metadata: {file_format: 1}
            """;

    @Test
    void eachInputGetsASinkDrawnInOneView() throws Exception {
        ImportResult r = engine.grcImporter().importText(GRC, "multi.grc");
        assertEquals(List.of(), r.report().attention());
        assertEquals(Set.of(new Connection("a", "out", "thr", "in"), new Connection("thr", "out", "scope", "in"),
                new Connection("b", "out", "scope_in1", "in")), Set.copyOf(r.graph().connections()));
        var first = r.graph().block("scope").orElseThrow();
        var second = r.graph().block("scope_in1").orElseThrow();
        assertEquals("time_sink", second.type());
        assertEquals(first.params(), second.params());
        assertEquals(Map.of("view_scope", "time"), r.graph().views().stream()
                .collect(Collectors.toMap(ViewLayout::id, ViewLayout::kind)));
        ViewLayout view = r.graph().views().getFirst();
        assertEquals("scope", view.block());
        assertEquals(Map.of("overlay", "'scope_in1'"), view.options());
        assertTrue(r.report().lines().stream().anyMatch(l -> l.contains("2 inputs: one time_sink each")));
        engine.open(r.graph(), dir.resolve("multi.graph"), Map.of()); // validates, or throws with the problems
    }
}
