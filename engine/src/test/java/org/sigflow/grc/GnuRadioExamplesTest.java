package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
import org.sigflow.runtime.RunOutcome;
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
    private static final Map<String, Integer> ITEM_BYTES = Map.of("float", 4, "complex", 8, "byte", 1, "short", 2,
            "int", 4);
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
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            assertEquals(RunOutcome.Kind.COMPLETED, run.await().kind());
        }
        List<Path> outputs;
        try (Stream<Path> files = Files.list(dir)) {
            outputs = files.filter(p -> ITEM_BYTES.containsKey(extension(p))).sorted().toList();
        }
        assertTrue(!outputs.isEmpty(), "GNU Radio's outputs in " + dir);
        for (Path want : outputs) {
            compare(name, want, tmp.resolve(want.getFileName().toString()));
        }
    }

    private static void compare(String name, Path wantFile, Path gotFile) throws Exception {
        String type = extension(wantFile);
        double[] want = values(wantFile, type);
        double[] got = values(gotFile, type);
        String what = name + "/" + wantFile.getFileName();
        assertEquals(want.length, got.length, what + ": values written");
        boolean complex = type.equals("complex");
        int step = complex ? 2 : 1;
        double power = 0;
        for (double v : want) {
            power += v * v;
        }
        double rms = Math.sqrt(power / (want.length / (double) step));
        double worst = 0;
        int at = 0;
        for (int i = 0; i < want.length; i += step) {
            double e = complex ? Math.hypot(got[i] - want[i], got[i + 1] - want[i + 1]) : Math.abs(got[i] - want[i]);
            if (e > worst || Double.isNaN(e) && !(Double.isNaN(want[i]) && Double.isNaN(got[i]))) {
                worst = Double.isNaN(e) ? Double.POSITIVE_INFINITY : e;
                at = i / step;
            }
        }
        assertTrue(worst <= TOLERANCE * Math.max(rms, Double.MIN_NORMAL),
                what + ": max error " + worst + " (rms " + rms + ") at item " + at);
    }

    private static String extension(Path p) {
        String n = p.getFileName().toString();
        return n.substring(n.lastIndexOf('.') + 1);
    }

    /** The file's items as doubles (complex: re, im pairs), little-endian as GNU Radio writes them. */
    private static double[] values(Path p, String type) throws Exception {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN);
        int size = type.equals("complex") ? 4 : ITEM_BYTES.get(type);
        double[] out = new double[b.capacity() / size];
        for (int i = 0; i < out.length; i++) {
            out[i] = switch (type) {
                case "byte" -> b.get(i);
                case "short" -> b.getShort(2 * i);
                case "int" -> b.getInt(4 * i);
                default -> b.getFloat(4 * i);
            };
        }
        return out;
    }
}
