package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
 * GNU Radio's own examples, imported and run headless, give GNU Radio 3.10's samples. Each case folder holds an
 * example as {@code tools/grc/compare_grc.py --tap N} rewrites it (the inputs of its Qt GUI, null and audio sinks go
 * through a head of N items to file sinks; unseeded random sources are fixed to the same draws) and the files GNU
 * Radio wrote from it ({@code tools/grc/example_cases.py}), so no GNU Radio is needed here.
 */
class GnuRadioExamplesTest {
    /** Max |SigFlow - GNU Radio| over rms(GNU Radio) per file: float rounding of other summation orders. */
    private static final double TOLERANCE = 1e-5;
    private static Engine engine;

    @TempDir
    Path tmp;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    static Path casesDir() throws Exception {
        return Path.of(GnuRadioExamplesTest.class.getResource("/grc/gnuradio-examples").toURI());
    }

    static Stream<String> cases() throws Exception {
        try (Stream<Path> dirs = Files.list(casesDir())) {
            List<String> names = dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted()
                    .toList();
            assertTrue(names.size() >= 5, "committed examples: " + names);
            return names.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)   // a graph that never ends fails here instead of stalling CI
    void exampleGivesGnuRadiosSamples(String name) throws Exception {
        Path dir = casesDir().resolve(name);
        Files.copy(dir.resolve(name + ".grc"), tmp.resolve(name + ".grc"));
        OpenedGraph g = engine.open(tmp.resolve(name + ".grc"), Map.of());
        List<Path> outputs;
        try (Stream<Path> files = Files.list(dir)) {
            outputs = files.filter(p -> GnuRadioFiles.VALUE_BYTES.containsKey(extension(p))).sorted().toList();
        }
        assertTrue(!outputs.isEmpty(), "GNU Radio's outputs in " + dir);
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            Map<String, Long> items = expectedItems(outputs);
            GnuRadioFiles.runUntilWritten(run,
                    m -> items.containsKey(m.id()) && m.itemsIn() >= items.get(m.id()));
        }
        for (Path want : outputs) {
            compare(name, want, tmp.resolve(want.getFileName().toString()));
        }
    }

    /**
     * Items each tapped sink must take, by its block id: the file {@code SINK_k.TYPE} comes from block
     * {@code SINK_filek} (compare_grc.py's names).
     */
    private static Map<String, Long> expectedItems(List<Path> outputs) throws Exception {
        Map<String, Long> items = new java.util.HashMap<>();
        for (Path p : outputs) {
            String n = p.getFileName().toString();
            String stem = n.substring(0, n.lastIndexOf('.'));
            int k = stem.lastIndexOf('_');
            String type = extension(p);
            long values = Files.size(p) / GnuRadioFiles.VALUE_BYTES.get(type);
            long count = type.equals("complex") ? values / 2 : values;
            items.put(stem.substring(0, k) + "_file" + stem.substring(k + 1), count);
        }
        return items;
    }

    private static void compare(String name, Path wantFile, Path gotFile) throws Exception {
        String type = extension(wantFile);
        GnuRadioFiles.assertClose(name + "/" + wantFile.getFileName(), GnuRadioFiles.values(wantFile, type),
                GnuRadioFiles.values(gotFile, type), type.equals("complex"), TOLERANCE);
    }

    private static String extension(Path p) {
        String n = p.getFileName().toString();
        return n.substring(n.lastIndexOf('.') + 1);
    }
}
