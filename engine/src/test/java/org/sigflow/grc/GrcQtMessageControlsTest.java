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
import org.sigflow.graph.Connection;
import org.sigflow.graph.ViewLayout;
import org.sigflow.message.Pmt;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * GRC's message edit box and message digital number control, as in GNU Radio's {@code test_digitalnumcontrol.grc}:
 * each is a variable (its text or number, set by its control view) and a block (its message ports) of the same name.
 * Changing the edit box's text sends it converted as GNU Radio's {@code edit_box_msg} does ({@code float}: the
 * double of the float, in a {@code (key . value)} pair); the number control passes a number it receives on as
 * {@code (freq . double)}, and sends its own changes kept within its range.
 */
class GrcQtMessageControlsTest {
    static Engine engine;
    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static final String GRC = """
            options:
              parameters: {id: numctl, title: numctl}
            blocks:
            - name: freq
              id: qtgui_msgdigitalnumbercontrol
              parameters: {ThousandsSeparator: ',', lbl: Frequency, maxFreqHz: '1700e6', minFreqHz: '30e6',
                           outputmsgname: freq, readOnly: 'False', relBackgroundColor: black, relFontColor: white,
                           value: '100e6'}
            - name: shown
              id: variable_qtgui_label
              parameters: {formatter: None, type: real, value: freq}
            - name: box
              id: qtgui_edit_box_msg
              parameters: {is_pair: 'True', is_static: 'True', key: value, type: float, value: '90e6'}
            - name: dbg
              id: blocks_message_debug
              parameters: {en_uvec: 'True'}
            connections:
            - [freq, valueout, dbg, store]
            - [box, msg, freq, valuein]
            metadata: {file_format: 1}
            """;

    @Test
    void editBoxAndNumberControlImportAsVariablesControlsAndBlocks() throws Exception {
        ImportResult r = engine.grcImporter().importText(GRC, "numctl.grc");
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        assertEquals("100e6", r.graph().variables().get("freq"));
        assertEquals("'90e6'", r.graph().variables().get("box"), "the box's text, as GNU Radio keeps it");
        assertEquals(Map.of("value", "freq", "msgname", "'freq'", "min", "30e6", "max", "1700e6", "read_only", "False"),
                r.graph().block("freq").orElseThrow().params());
        assertEquals(Map.of("value", "box", "data_type", "float", "pair", "True", "key", "'value'"),
                r.graph().block("box").orElseThrow().params());
        assertTrue(r.graph().connections().containsAll(List.of(new Connection("freq", "valueout", "dbg", "store"),
                new Connection("box", "msg", "freq", "valuein"))), r.graph().connections().toString());
        Map<String, ViewLayout> controls = new java.util.HashMap<>();
        r.graph().views().forEach(v -> controls.put(v.options().get("variable"), v));
        assertEquals(Map.of("variable", "freq", "widget", "entry", "label", "Frequency"),
                controls.get("freq").options());
        assertEquals(Map.of("variable", "box", "widget", "entry", "string", "true"), controls.get("box").options());

        Path file = dir.resolve("numctl.grc");
        Files.writeString(file, GRC);
        OpenedGraph opened = engine.open(file, Map.of());
        try (RunningGraph run = engine.start(opened, RunOptions.DEFAULT)) {
            MessageDebug.Debug dbg = (MessageDebug.Debug) run.block("dbg");
            opened = engine.changeVariable(opened, run, "box", "'95.3e6'"); // typed into the box: via freq to dbg
            await(dbg, 1);
            engine.changeVariable(opened, run, "freq", "2e9");              // the control itself, above its max
            await(dbg, 2);
            assertEquals(List.of(new Pmt.Pair(Pmt.symbol("freq"), Pmt.of((double) 95.3e6f)),
                    new Pmt.Pair(Pmt.symbol("freq"), Pmt.of(1700e6))), dbg.messages());
            run.stop();
            RunOutcome end = run.await(Duration.ofSeconds(10)).orElseThrow(() -> new AssertionError("did not stop"));
            assertTrue(end.ok(), String.valueOf(end.failure()));
        }
    }

    private static final String RADAR = """
            options:
              parameters: {id: radar, title: radar}
            blocks:
            - name: strobe
              id: blocks_message_strobe
              parameters: {msg: 'pmt.from_long(75)', period: '5'}
            - name: radar
              id: variable_qtgui_distanceradar
              parameters: {backgroundColor: black, fontColor: white, ringColor: red,
                           ticklabels: "['20', '40', '60', '80', '100']"}
            - name: logo
              id: qtgui_grbackground
              parameters: {alignment: center, file: 'gnuradio_logo.png', relBackgroundColor: default}
            connections:
            - [strobe, strobe, radar, radius]
            metadata: {file_format: 1}
            """;

    @Test
    void distanceRadarShowsTheRadiusAndTheBackgroundPictureIsSkipped() throws Exception {
        ImportResult r = engine.grcImporter().importText(RADAR, "radar.grc");
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        assertEquals("message_readout", r.graph().block("radar").orElseThrow().type());
        assertTrue(r.graph().block("logo").isEmpty());
        assertTrue(r.report().lines().stream().anyMatch(l -> l.contains("logo") && l.contains("skipped: a picture")),
                String.join("\n", r.report().lines()));
        Path file = dir.resolve("radar.grc");
        Files.writeString(file, RADAR);
        try (RunningGraph run = engine.start(engine.open(file, Map.of()), RunOptions.DEFAULT)) {
            var radar = (org.sigflow.blocks.display.MessageReadout.Readout) run.block("radar");
            waitUntil(() -> radar.number().isPresent());
            assertEquals(java.util.Optional.of(75.0), radar.number());
            run.stop();
            assertTrue(run.await(Duration.ofSeconds(10)).orElseThrow().ok());
        }
    }

    private static final String PDU_HISTOGRAM = """
            options:
              parameters: {id: pduhist, title: pduhist}
            blocks:
            - name: src
              id: blocks_vector_source_x
              parameters: {type: float, vector: '[-0.9, 0.1, 0.1, 0.5] * 1000', repeat: 'False', vlen: '1', tags: '[]'}
            - name: s2ts
              id: blocks_stream_to_tagged_stream
              parameters: {type: float, vlen: '1', packet_len: '400', len_tag_key: '"packet_len"'}
            - name: ts2pdu
              id: pdu_tagged_stream_to_pdu
              parameters: {type: float, tag: packet_len}
            - name: hist
              id: qtgui_histogram_sink_x
              parameters: {type: msg_float, name: '""', size: '400', bins: '4', xmin: '-1', xmax: '1', accum: 'False',
                           nconnections: '2', update_time: '0.10', grid: 'False', autoscale: 'True', legend: 'True',
                           axislabels: 'True'}
            connections:
            - [src, '0', s2ts, '0']
            - [s2ts, '0', ts2pdu, '0']
            - [ts2pdu, pdus, hist, in]
            metadata: {file_format: 1}
            """;

    @Test
    void aQtSinkFedByPdusPlotsTheirSamples() throws Exception {
        ImportResult r = engine.grcImporter().importText(PDU_HISTOGRAM, "pduhist.grc");
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        assertEquals("histogram_sink", r.graph().block("hist").orElseThrow().type());
        assertTrue(r.graph().block("hist_in1").isEmpty(), "nconnections does not apply to a message input");
        assertEquals(Map.of("type", "f32", "tag", "'packet_len'", "bare_vectors", "true"),
                r.graph().block("hist_pdus").orElseThrow().params());
        assertTrue(r.graph().connections().containsAll(List.of(new Connection("ts2pdu", "pdus", "hist_pdus", "pdus"),
                new Connection("hist_pdus", "out", "hist", "in"))), r.graph().connections().toString());
        Path file = dir.resolve("pduhist.grc");
        Files.writeString(file, PDU_HISTOGRAM);
        try (RunningGraph run = engine.start(engine.open(file, Map.of()), RunOptions.DEFAULT)) {
            assertTrue(run.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("did not end")).ok());
            var frame = ((org.sigflow.display.DisplaySink) run.block("hist")).frames().take();
            // every 400-sample packet holds 100 of -0.9, 200 of 0.1, 100 of 0.5: bins centred on -1, -0.5, 0, 0.5
            assertEquals(List.of(100f, 0f, 200f, 100f), List.of(frame.traces().getFirst()[0],
                    frame.traces().getFirst()[1], frame.traces().getFirst()[2], frame.traces().getFirst()[3]));
        }
    }

    private static final String COMPASS = """
            options:
              parameters: {id: compass, title: compass}
            blocks:
            - name: strobe
              id: blocks_message_strobe
              parameters: {msg: 'pmt.cons(pmt.intern("value"), pmt.from_long(45))', period: '5'}
            - name: compass
              id: qtgui_compass
              parameters: {name: Azimuth, usemsg: 'True', update_time: '0.10', min_size: '250', position: '1',
                           fullNeedle: '1', backgroundColor: white, needleTipColor: red, needleBodyColor: black,
                           scaleColor: black, setDebug: 'False'}
            connections:
            - [strobe, strobe, compass, angle]
            metadata: {file_format: 1}
            """;

    @Test
    void aCompassFedByMessagesShowsTheirAngle() throws Exception {
        ImportResult r = engine.grcImporter().importText(COMPASS, "compass.grc");
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        assertEquals("0", r.graph().block("compass").orElseThrow().params().get("nconnections"));
        Path file = dir.resolve("compass.grc");
        Files.writeString(file, COMPASS);
        try (RunningGraph run = engine.start(engine.open(file, Map.of()), RunOptions.DEFAULT)) {
            var compass = (org.sigflow.blocks.display.NumberSink.Readout) run.block("compass");
            waitUntil(() -> !Double.isNaN(compass.angle()));
            assertEquals(45.0, compass.angle(), 0);
            assertEquals(Map.of("angle", 45.0), compass.extraMetrics());
            run.stop();
            assertTrue(run.await(Duration.ofSeconds(10)).orElseThrow().ok());
        }
    }

    private static void await(MessageDebug.Debug dbg, int n) throws InterruptedException {
        waitUntil(() -> dbg.messages().size() >= n);
        assertEquals(n, dbg.messages().size(), dbg.messages().toString());
    }

    /** Waits (30 s at most) until {@code done} holds; the assertions after it say what is missing. */
    private static void waitUntil(java.util.function.BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
    }
}
