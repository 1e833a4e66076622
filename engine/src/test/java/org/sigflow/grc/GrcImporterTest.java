package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.format.GraphWriter;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.InvalidGraphException;
import org.sigflow.session.OpenedGraph;

/** Golden imports of small hand-written GRC files, the imported tone graph run headless, and refusals. */
class GrcImporterTest {
    private static Engine engine;

    @TempDir
    Path tmp;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private static Path golden(String name) throws Exception {
        return Path.of(GrcImporterTest.class.getResource("/grc/golden/" + name).toURI());
    }

    @Test
    void toneImportsCompletelyAndExactlyAsTheGoldenGraph() throws Exception {
        ImportResult r = engine.grcImporter().importFile(golden("tone.grc"));
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        // variables (GUI range → its default, math.pi/numpy.sqrt rewritten), blocks, params, virtual ports
        // resolved, disabled state, rotation turned to clockwise, note into the description: all in the golden file
        String expected = Files.readString(golden("tone.expected.graph"));
        assertEquals(expected, new GraphWriter().write(r.graph()));
        assertEquals(List.of("freq", "import_0", "note_0"),
                r.report().issues().stream().map(i -> i.subject().split(" ")[1]).toList());
    }

    @Test
    void theImportedToneValidatesAndRunsWithTheRightSamples() throws Exception {
        Path grc = tmp.resolve("tone.grc");
        Files.copy(golden("tone.grc"), grc);
        OpenedGraph g = engine.open(grc, Map.of());
        assertTrue(g.warnings().getFirst().startsWith("imported from GNU Radio Companion in memory (complete)"));
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            assertEquals(RunOutcome.Kind.COMPLETED, run.await().kind());
        }
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(tmp.resolve("tone.f32"))).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(1000 * 4, b.capacity());
        // independent reference: 0.5 cos(2π·1000/32000·n + π/4), float32 output, |error| ≤ 1e-6
        for (int n = 0; n < 1000; n++) {
            double want = 0.5 * Math.cos(2 * Math.PI * 1000.0 / 32000.0 * n + Math.PI / 4);
            assertEquals(want, b.getFloat(), 1e-6, "sample " + n);
        }
    }

    @Test
    void aPartialImportKeepsWhatMapsAndSaysExactlyWhatDoesNot() throws Exception {
        ImportResult r = engine.grcImporter().importFile(golden("partial.grc"));
        ImportReport rep = r.report();
        assertFalse(rep.complete());
        assertEquals(List.of("src0", "src1", "add", "fir", "dbg"), r.graph().blocks().stream()
                .map(BlockInstance::id).toList());
        assertEquals(List.of(new Connection("src0", "out", "add", "in0"), new Connection("src1", "out", "add", "in1"),
                new Connection("add", "out", "fir", "in")), r.graph().connections());
        BlockInstance fir = r.graph().block("fir").orElseThrow();
        // taps = a variable holding firdes.low_pass(...): the filter is designed from that call, and the variable
        // (used nowhere else, and not a SigFlow expression) is left out with a note
        assertEquals(kv("io_type", "cf32", "taps_type", "real", "decimation", "2", "taps_mode", "designed",
                "filter", "low_pass", "samp_rate", "samp_rate", "cutoff", "5e3", "transition_width", "1e3",
                "window", "hamming", "gain", "1.0"), fir.params());
        assertEquals(List.of("samp_rate"), List.copyOf(r.graph().variables().keySet()));
        assertTrue(rep.issues().contains(new ImportIssue(false, "variable taps (variable)", "used only as the taps "
                + "of filters, which are now designed from its call; not imported as a variable")));
        assertTrue(fir.comment().contains("GRC import: samp_delay = '3' not imported"), fir.comment());
        assertEquals("bypassed", r.graph().block("add").orElseThrow().state().id());
        assertEquals(Map.of("qtgui_azelplot", 1), rep.unmappedTypes());
        List<String> attention = rep.attention().stream().map(i -> i.subject() + ": " + i.message()).toList();
        assertEquals(5, attention.size(), String.join("\n", attention));
        assertEquals("block src1 (analog_noise_source_x): noise_type = 'analog.GR_LAPLACIAN' → noise_type: no SigFlow "
                + "counterpart (SigFlow has gaussian, uniform)", attention.get(0));
        assertEquals("connection scope:freq → dbg:print: not imported: block scope (qtgui_azelplot) was "
                + "not imported", attention.get(attention.size() - 1));
    }

    @Test
    void aDesignVariableStaysWhenSomethingElseUsesIt() throws Exception {
        String grc = filterGrc("lp", "lp").replace("connections: []", """
                - {name: lp, id: variable, parameters: {value: 'firdes.low_pass(1, samp_rate, 4e3, 1e3)'}}
                - {name: n, id: variable, parameters: {value: 'len(lp)'}}
                connections: []""");
        ImportResult r = engine.grcImporter().importText(grc, "v.grc");
        assertEquals("designed", r.graph().block("fir").orElseThrow().params().get("taps_mode"));
        // the variable stays as SigFlow's low_pass(...), GNU Radio's taps, since len(lp) uses it
        assertEquals("low_pass(1, samp_rate, 4e3, 1e3)", r.graph().variables().get("lp"));
        assertEquals(List.of(), r.report().attention().stream().map(ImportIssue::subject).toList());
    }

    private static String filterGrc(String firTaps, String xlatingTaps) {
        return """
                blocks:
                - {name: samp_rate, id: variable, parameters: {value: '32000'}}
                - name: fir
                  id: fir_filter_xxx
                  parameters: {decim: '1', samp_delay: '0', taps: '%s', type: fff}
                - name: xlate
                  id: freq_xlating_fir_filter_xxx
                  parameters: {center_freq: '1e3', decim: '4', samp_rate: samp_rate, taps: '%s', type: ccf}
                connections: []
                metadata: {file_format: 1}
                """.formatted(firTaps, xlatingTaps);
    }

    private static Map<String, String> kv(String... keysAndValues) {
        Map<String, String> m = new java.util.HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    @Test
    void qtGuiSinksBecomeDisplaySinksWithTheirUpdatePeriodTurnedIntoARate() throws Exception {
        String grc = """
                blocks:
                - {name: samp_rate, id: variable, parameters: {value: '48000'}}
                - name: freq
                  id: qtgui_freq_sink_x
                  parameters: {type: complex, fftsize: '2048', wintype: window.WIN_BLACKMAN_hARRIS, fc: '100e6',
                    bw: samp_rate, average: '0.2', update_time: '0.10', name: '""', nconnections: '1', grid: 'False',
                    label1: '', color1: '"blue"', freqhalf: 'True', norm_window: 'False', tr_mode: qtgui.TRIG_MODE_FREE}
                - name: scope
                  id: qtgui_time_sink_x
                  parameters: {type: float, size: '512', srate: samp_rate, update_time: '1/25', nconnections: '2'}
                connections: []
                metadata: {file_format: 1}
                """;
        ImportResult r = engine.grcImporter().importText(grc, "gui.grc");
        assertEquals(kv("type", "cf32", "samp_rate", "samp_rate", "center_freq", "100e6", "fft_size", "2048",
                "window", "blackman_harris", "averaging", "0.2", "update_rate", "1 / (0.10)"),
                r.graph().block("freq").orElseThrow().params());
        assertEquals(kv("type", "f32", "samp_rate", "samp_rate", "points", "512", "update_rate", "1 / (1/25)"),
                r.graph().block("scope").orElseThrow().params());
        // two channels into one scope: a second time sink for the second, drawn in the first's view
        // (GrcQtBlocksImportTest); nothing needs attention
        assertEquals(List.of(), r.report().attention());
        assertEquals(r.graph().block("scope").orElseThrow().params(),
                r.graph().block("scope_in1").orElseThrow().params());
        assertEquals(10.0, org.sigflow.expr.Expressions.evaluate("1 / (0.10)", Map.of()).asDouble(), 1e-12);
    }

    @Test
    void firdesCallsBecomeDesignedTaps() throws Exception {
        ImportResult r = engine.grcImporter().importText(filterGrc(
                "firdes.band_pass(2, samp_rate, 1e3, 3e3, 500, window.WIN_BLACKMAN)",
                "firdes.low_pass(1, samp_rate, samp_rate/8, 1e3)"), "f.grc");
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        assertEquals(kv("io_type", "f32", "taps_type", "real", "decimation", "1", "taps_mode", "designed",
                "filter", "band_pass", "samp_rate", "samp_rate", "low_cutoff", "1e3", "high_cutoff", "3e3",
                "transition_width", "500", "window", "blackman", "gain", "2"),
                r.graph().block("fir").orElseThrow().params());
        assertEquals(Map.of("taps_type", "real", "decimation", "4", "center_freq", "1e3", "samp_rate", "samp_rate",
                "taps_mode", "designed", "cutoff", "samp_rate/8", "transition_width", "1e3", "gain", "1"),
                r.graph().block("xlate").orElseThrow().params());
    }

    @Test
    void firdesCallsSigFlowCannotReadAreKeptAndReported() throws Exception {
        ImportResult r = engine.grcImporter().importText(filterGrc(
                "firdes.low_pass(1, samp_rate, 4e3, 1e3, window=window.WIN_HANN)",
                "firdes.low_pass(1, 2*samp_rate, 4e3, 1e3)"), "f.grc");
        List<String> attention = r.report().attention().stream().map(ImportIssue::message).toList();
        assertEquals(1, attention.size(), attention.toString());
        assertTrue(attention.get(0).contains("keyword"), attention.get(0));
        // a design at another rate than the block's cannot be its params, but is GNU Radio's taps as an expression
        assertEquals("low_pass(1, 2*samp_rate, 4e3, 1e3)", r.graph().block("xlate").orElseThrow().params().get("taps"));
        assertEquals("explicit", r.graph().block("xlate").orElseThrow().params().get("taps_mode"));
    }

    @Test
    void runningAPartialImportFailsWithTheImportNotesAsReasons() throws Exception {
        InvalidGraphException e = assertThrows(InvalidGraphException.class,
                () -> engine.open(golden("partial.grc"), Map.of()));
        assertTrue(e.problems().stream().anyMatch(p -> p.contains("GR_LAPLACIAN")), e.problems().toString());
        assertTrue(e.problems().stream().anyMatch(p -> p.startsWith("GRC import: block scope")), e.problems().toString());
    }

    @Test
    void legacyXmlIsRefusedWithAClearMessage() throws Exception {
        Path f = tmp.resolve("old.grc");
        Files.writeString(f, "<?xml version='1.0'?>\n<flow_graph><block/></flow_graph>\n");
        GrcFormatException e = assertThrows(GrcFormatException.class, () -> engine.grcImporter().importFile(f));
        assertTrue(e.detail().startsWith("GRC 3.7 XML format; open and save it in GNU Radio 3.8+"), e.detail());
    }

    @Test
    void yamlThatWouldConstructObjectsIsRefusedNotExecuted() {
        String evil = "options: !!python/object/apply:os.system ['touch /tmp/pwned']\nblocks: []\n";
        GrcFormatException e = assertThrows(GrcFormatException.class, () -> engine.grcImporter().importText(evil, "e.grc"));
        assertTrue(e.detail().startsWith("not a readable GRC (YAML) file at line 1"), e.detail());
        String javaTag = "blocks: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[]]]\n";
        assertThrows(GrcFormatException.class, () -> engine.grcImporter().importText(javaTag, "j.grc"));
    }

    @Test
    void aliasBombsAndNonFlowgraphsAreRefused() {
        StringBuilder bomb = new StringBuilder("a: &a [x, x, x, x, x, x, x, x, x]\n");
        for (char c = 'b'; c <= 'z'; c++) {
            char p = (char) (c - 1);
            bomb.append(c).append(": &").append(c).append(" [*").append(p).append(", *").append(p).append(", *")
                    .append(p).append("]\n");
        }
        GrcFormatException a = assertThrows(GrcFormatException.class,
                () -> engine.grcImporter().importText(bomb.toString(), "b.grc"));
        assertTrue(a.detail().contains("aliases"), a.detail());
        GrcFormatException e = assertThrows(GrcFormatException.class,
                () -> engine.grcImporter().importText("- just\n- a list\n", "l.grc"));
        assertTrue(e.detail().startsWith("not a GRC flowgraph"), e.detail());
        GrcFormatException v = assertThrows(GrcFormatException.class,
                () -> engine.grcImporter().importText("blocks: []\nmetadata: {file_format: 9}\n", "n.grc"));
        assertTrue(v.detail().startsWith("GRC file_format 9 is not known"), v.detail());
    }
}
