package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * Small GRC flowgraphs (fixed pseudo-random vector → GRC filter block → head → file sink) imported and run headless
 * give GNU Radio 3.10's samples. GNU Radio's outputs are committed beside each .grc (written by
 * {@code tools/grc/filter_cases.py}, {@code fec_cases.py} and {@code tools/grc/compare_grc.py --save}; the packet
 * cases by {@code tools/grc/packet_cases.py}, using GNU Radio's packet_tx hier block from {@code hier/}), so no GNU
 * Radio is needed here; FEC cases' bits are exact (0 or 1 each, so any difference exceeds the tolerance).
 */
class GnuRadioSamplesTest {
    /** Max |SigFlow - GNU Radio| over rms(GNU Radio): float32 rounding of two summation orders (seen: ≤ 1.2e-6). */
    private static final double TOLERANCE = 1e-5;
    private static Engine engine;

    @TempDir
    Path tmp;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    static Stream<String> cases() throws Exception {
        Path dir = Path.of(GnuRadioSamplesTest.class.getResource("/grc/gnuradio").toURI());
        try (Stream<Path> files = Files.list(dir)) {
            List<String> names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".grc"))
                    .map(n -> n.substring(0, n.length() - 4)).sorted().toList();
            assertTrue(names.size() >= 7, "committed cases: " + names);
            return names.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)   // a graph that never ends fails here instead of stalling CI
    void importedFlowgraphGivesGnuRadiosSamples(String name) throws Exception {
        Path dir = Path.of(GnuRadioSamplesTest.class.getResource("/grc/gnuradio").toURI());
        Files.copy(dir.resolve(name + ".grc"), tmp.resolve(name + ".grc"));
        copyAlistFiles(dir, Files.readString(dir.resolve(name + ".grc")));
        try (Stream<Path> hier = Files.list(dir.resolve("hier"))) {   // GRC hier blocks the cases use
            for (Path h : hier.toList()) {
                Files.copy(h, tmp.resolve(h.getFileName()));
            }
        }
        OpenedGraph g = engine.open(tmp.resolve(name + ".grc"), Map.of());
        assertTrue(g.warnings().getFirst().contains("(complete)"), String.join("\n", g.warnings()));
        List<String> outputs = outputs(dir, name);
        assertTrue(!outputs.isEmpty(), name + ": no committed output");
        long items = 0; // an endless graph stops once every file sink has the most items GNU Radio wrote to one
        for (String output : outputs) {
            items = Math.max(items, GnuRadioFiles.values(dir.resolve(output), "float").length
                    / (output.endsWith(".cf32") ? 2 : 1));
        }
        long enough = items;
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            GnuRadioFiles.runUntilWritten(run, m -> m.itemsIn() >= enough);
        }
        for (String output : outputs) {
            GnuRadioFiles.assertClose(name + " " + output, GnuRadioFiles.values(dir.resolve(output), "float"),
                    GnuRadioFiles.values(tmp.resolve(output), "float"), output.endsWith(".cf32"), TOLERANCE);
        }
    }

    /** GNU Radio's outputs of a case: NAME.f32 or NAME.cf32, and NAME.1.f32, … for further file sinks. */
    private static List<String> outputs(Path dir, String name) throws Exception {
        java.util.regex.Pattern own = java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(name)
                + "(\\.\\d+)?\\.c?f32");
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> own.matcher(n).matches()).sorted().toList();
        }
    }

    /** The LDPC matrices a case names (GNU Radio's alist files, committed beside it), as compare_grc copies them. */
    private void copyAlistFiles(Path dir, String grc) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(p -> p.toString().endsWith(".alist")).toList()) {
                if (grc.contains(p.getFileName().toString())) {
                    Files.copy(p, tmp.resolve(p.getFileName()));
                }
            }
        }
    }
}
