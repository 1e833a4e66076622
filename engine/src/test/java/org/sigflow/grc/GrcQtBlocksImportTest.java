package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.display.MessageReadout;
import org.sigflow.blocks.message.MessageDebug;
import org.sigflow.graph.Connection;
import org.sigflow.graph.ViewLayout;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * GRC's Qt GUI blocks: the message readouts (dial gauge, LED indicator) become {@code message_readout} blocks, its
 * tab layout and a Python snippet are skipped and reported, and the imported graph runs: the gauge shows the value
 * of the strobe's (key . value) pair as GNU Radio's dial gauge reads it (the pair's second element). Disabled blocks
 * without a counterpart are left out; a multi-input Qt sink becomes one sink per input drawn in one view; and GNU
 * Radio's var_to_msg example sends a variable's runtime changes as {@code (test . value)}, nothing at start (its
 * {@code msgname: test} is the text 'test' although a variable {@code test} exists: GRC takes a string param's text
 * when it does not evaluate to a string).
 */
class GrcQtBlocksImportTest {
    static Engine engine;
    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static final String GRC = """
            options:
              parameters: {id: readouts, title: readouts}
            blocks:
            - name: strobe
              id: blocks_message_strobe
              parameters: {msg: 'pmt.cons(pmt.intern("tput"), pmt.from_double(2.5))', period: '5'}
            - name: gauge
              id: qtgui_dialgauge
              parameters: {label: '"Rate"', minimum: '0', maximum: '10', value: '0', type: float, position: '1',
                           showValue: 'True', msize: '100', barColor: blue, backgroundColor: default,
                           fontColor: default, gui_hint: 'tabs@0'}
            - name: led
              id: qtgui_ledindicator
              parameters: {label: '"On"', state: 'False', onColor: green, offColor: red, maxSize: '40',
                           position: '1', cellalignment: '1', verticalalignment: '1', gui_hint: 'tabs@1'}
            - name: tabs
              id: qtgui_tab_widget
              parameters: {num_tabs: '2', label0: Gauge, label1: Led}
            - name: s0
              id: snippet
              parameters: {section: main_after_start, priority: '0', code: print("started")}
            connections:
            - [strobe, strobe, gauge, value]
            metadata: {file_format: 1}
            """;

    @Test
    void readoutsImportAndShowTheLatestValue() throws Exception {
        ImportResult r = engine.grcImporter().importText(GRC, "readouts.grc");
        assertEquals(Map.of(), r.report().unmappedTypes());
        assertEquals("message_readout", r.graph().block("gauge").orElseThrow().type());
        assertEquals("message_readout", r.graph().block("led").orElseThrow().type());
        assertEquals(Map.of(), r.graph().block("gauge").orElseThrow().params(), "GUI settings are dropped");
        assertTrue(r.graph().connections().contains(new Connection("strobe", "strobe", "gauge", "value")));
        List<String> attention = r.report().attention().stream().map(i -> i.subject() + ": " + i.message()).toList();
        assertEquals(1, attention.size(), attention.toString());
        assertTrue(attention.getFirst().contains("a Python snippet (main_after_start), which SigFlow never runs")
                && attention.getFirst().endsWith("print(\"started\")"), attention.getFirst());
        assertTrue(r.report().lines().stream().anyMatch(l -> l.contains("a Qt GUI tab layout")),
                String.join("\n", r.report().lines()));

        Path file = dir.resolve("readouts.grc");
        Files.writeString(file, GRC);
        try (RunningGraph run = engine.start(engine.open(file, Map.of()), RunOptions.DEFAULT)) {
            MessageReadout.Readout gauge = (MessageReadout.Readout) run.block("gauge");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (gauge.latest().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(Optional.of(new Pmt.Pair(Pmt.symbol("tput"), Pmt.of(2.5))), gauge.latest());
            assertEquals(Optional.of(2.5), gauge.number());
            assertEquals(Map.of("value", 2.5), gauge.extraMetrics());
            assertEquals(Optional.empty(), ((MessageReadout.Readout) run.block("led")).number());
            run.stop();
            RunOutcome end = run.await(Duration.ofSeconds(10)).orElseThrow(() -> new AssertionError("did not stop"));
            assertTrue(end.ok(), String.valueOf(end.failure()));
        }
    }

    @Test
    void readsNumbersAsTheQtWidgetsDo() {
        MessageReadout.Readout r = new MessageReadout().create(null) instanceof MessageReadout.Readout x ? x : null;
        r.handleMessage("state", Pmt.of(true));
        assertEquals(Optional.of(1.0), r.number());
        r.handleMessage("value", Pmt.of(-7L));
        assertEquals(Optional.of(-7.0), r.number());
        r.handleMessage("filename", Pmt.symbol("picture.png"));
        assertEquals(Optional.empty(), r.number());
        assertEquals(Optional.of(Pmt.symbol("picture.png")), r.latest());
        assertEquals(Map.of(), r.extraMetrics());
    }

    private static final String DISABLED = """
            options:
              parameters: {id: disabled, title: disabled}
            blocks:
            - name: src
              id: analog_sig_source_x
              parameters: {type: float, waveform: analog.GR_COS_WAVE, samp_rate: '32000', freq: '1000', amp: '1',
                           offset: '0', phase: '0'}
            - name: compass
              id: qtgui_compass
              parameters: {name: '"Angle"', usemsg: 'False', update_time: '0.1', min_size: '250', position: '1',
                           fullNeedle: 'True', backgroundColor: default, needleTipColor: red,
                           needleBodyColor: black, scaleColor: black, setDebug: 'False'}
            - name: radio
              id: uhd_usrp_sink
              parameters: {type: fc32}
              states: {state: disabled}
            - name: monitor
              id: blocks_ctrlport_monitor_performance
              parameters: {en: 'True'}
            connections:
            - [src, '0', compass, '0']
            - [src, '0', radio, '0']
            metadata: {file_format: 1}
            """;

    @Test
    void disabledBlocksWithoutCounterpartAndMonitorsAreLeftOutWithANote() throws Exception {
        ImportResult r = engine.grcImporter().importText(DISABLED, "disabled.grc");
        assertEquals(Map.of(), r.report().unmappedTypes());
        assertEquals(List.of(), r.report().attention());
        assertEquals(List.of("src", "compass"), r.graph().blocks().stream().map(b -> b.id()).toList());
        assertEquals("number_sink", r.graph().block("compass").orElseThrow().type());
        assertEquals(List.of(new Connection("src", "out", "compass", "in0")), r.graph().connections());
        String lines = String.join("\n", r.report().lines());
        assertTrue(lines.contains("disabled in GRC, and SigFlow has no block for GRC's 'uhd_usrp_sink' yet: left out")
                && lines.contains("is disabled and was left out") && lines.contains("ControlPort monitor"), lines);
        engine.open(r.graph(), dir.resolve("disabled.graph"), Map.of()); // validates, or throws with the problems
    }

    private static final String VAR_TO_MSG = """
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
        ImportResult r = engine.grcImporter().importText(VAR_TO_MSG, "v2m.grc");
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        assertEquals(Map.of("value", "test", "msgname", "'test'"), r.graph().block("v2m").orElseThrow().params());
        Path file = dir.resolve("v2m.grc");
        Files.writeString(file, VAR_TO_MSG);
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

    private static final String MULTI_INPUT = """
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
        ImportResult r = engine.grcImporter().importText(MULTI_INPUT, "multi.grc");
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

    private static final String WIDGETS = """
            options:
              parameters: {id: widgets, title: widgets}
            blocks:
            - name: strobe
              id: blocks_message_strobe
              parameters: {msg: 'pmt.cons(pmt.intern("angle"), pmt.from_double(30))', period: '100'}
            - name: compass
              id: qtgui_compass
              parameters: {name: '"Heading"', usemsg: 'True', min_size: '300'}
            - name: freq
              id: qtgui_msgdigitalnumbercontrol
              parameters: {lbl: '"Frequency"', minFreqHz: '30e6', maxFreqHz: '1700e6', value: '100e6',
                           ThousandsSeparator: ',', outputmsgname: "'freq'", readOnly: 'False'}
            - name: shown
              id: variable_qtgui_label
              parameters: {label: '', type: real, value: freq}
            - name: dbg
              id: blocks_message_debug
              parameters: {en_uvec: 'True'}
            connections:
            - [strobe, strobe, compass, angle]
            - [freq, valueout, dbg, print]
            metadata: {file_format: 1}
            """;

    /**
     * GRC widgets driven by messages: the compass with {@code usemsg: True} (its stream input left open, as GRC
     * allows) becomes a {@code number_sink} whose {@code angle} port takes the messages, and the digital number
     * control, a GRC variable with message ports, a variable with a control view plus the block that sends its
     * messages, so a label showing it validates.
     */
    @Test
    void messageWidgetsImportAndValidate() throws Exception {
        ImportResult r = engine.grcImporter().importText(WIDGETS, "widgets.grc");
        assertEquals(Map.of(), r.report().unmappedTypes());
        assertEquals("number_sink", r.graph().block("compass").orElseThrow().type()); // its angle port
        assertEquals(List.of(new Connection("strobe", "strobe", "compass", "angle"),
                new Connection("freq", "valueout", "dbg", "print")), r.graph().connections());
        assertEquals("100e6", r.graph().variables().get("freq"));
        assertEquals("freq", r.graph().variables().get("shown"));
        ViewLayout control = r.graph().views().stream().filter(v -> v.id().equals("control_freq")).findFirst()
                .orElseThrow();
        assertEquals(Map.of("variable", "freq", "widget", "entry", "label", "Frequency"), control.options());
        List<String> attention = r.report().attention().stream().map(i -> i.subject() + ": " + i.message()).toList();
        assertEquals(0, attention.size(), String.join("\n", attention)); // the control now sends its messages
        engine.open(r.graph(), dir.resolve("widgets.graph"), Map.of()); // validates, or throws with the problems
    }

    /** GNU Radio's variable save/restore block is left out with an explanation; the rest of the graph validates. */
    @Test
    void variableSaveRestoreIsLeftOutWithAReason() throws Exception {
        String grc = """
                blocks:
                - {name: gain, id: variable_qtgui_range, parameters: {value: '1', start: '0', stop: '10', step: '1'}}
                - {name: save, id: variable_qtgui_msg_push_button, parameters: {msgName: pressed, value: '1'}}
                - name: keep
                  id: variable_save_restore
                  parameters: {slot: '"default"', variables: '"gain"', save_trigger: '""', restore_trigger: '""'}
                connections:
                - [save, pressed, keep, save]
                metadata: {file_format: 1}
                """;
        ImportResult r = engine.grcImporter().importText(grc, "vsr.grc");
        assertEquals(Map.of(), r.report().unmappedTypes());
        assertTrue(r.report().attention().stream().anyMatch(i -> i.subject().equals("block keep "
                + "(variable_save_restore)") && i.message().contains("~/.config/gnuradio")), r.report().lines()
                .toString());
        engine.open(r.graph(), dir.resolve("vsr.graph"), Map.of()); // validates, or throws with the problems
    }
}
