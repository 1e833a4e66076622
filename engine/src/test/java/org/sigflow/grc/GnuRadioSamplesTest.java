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
 * {@code tools/grc/filter_cases.py} and {@code tools/grc/compare_grc.py --save}), so no GNU Radio is needed here.
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
        boolean complex = Files.exists(dir.resolve(name + ".cf32"));
        String output = name + (complex ? ".cf32" : ".f32");
        Files.copy(dir.resolve(name + ".grc"), tmp.resolve(name + ".grc"));
        OpenedGraph g = engine.open(tmp.resolve(name + ".grc"), Map.of());
        assertTrue(g.warnings().getFirst().contains("(complete)"), String.join("\n", g.warnings()));
        double[] want = GnuRadioFiles.values(dir.resolve(output), "float");
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            long items = want.length / (complex ? 2 : 1);
            GnuRadioFiles.runUntilWritten(run, m -> m.itemsIn() >= items);
        }
        GnuRadioFiles.assertClose(name, want, GnuRadioFiles.values(tmp.resolve(output), "float"), complex, TOLERANCE);
    }
}
