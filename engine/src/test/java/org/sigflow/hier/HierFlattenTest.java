package org.sigflow.hier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.InvalidGraphException;
import org.sigflow.session.OpenedGraph;

/**
 * A graph using hier blocks runs exactly as the same graph drawn flat (byte-identical output), nested hier blocks
 * included; a missing file, a cycle, a wrong port and a wrong type are refused with messages that name them.
 */
class HierFlattenTest {
    private static final int ITEMS = 5000;
    private static Engine engine;

    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
        engine.setHierLibrary(HierLibrary.of(List.of())); // nothing from the user's folder
    }

    /** in → × scale → FIR [taps] → out; scale is a parameter (default 3). */
    private Path gainFilter(Path folder) throws Exception {
        return new HierTestGraphs().title("Gain filter")
                .variable("scale", "3").variable("taps", "[0.25, 0.5 * scale / scale, 0.25]")
                .block("in", "hier_pad_in", "type", "cf32")
                .block("scale", "hier_param", "label", "'Scale'", "type", "complex")
                .block("mul", "multiply_const", "type", "cf32", "const", "scale")
                .block("fir", "fir_filter", "io_type", "cf32", "taps_mode", "explicit", "taps", "taps")
                .block("out", "hier_pad_out", "type", "cf32")
                .wire("in:out", "mul:in").wire("mul:out", "fir:in").wire("fir:out", "out:in")
                .save(folder.resolve("gain_filter.graph"));
    }

    private HierTestGraphs source() {
        return new HierTestGraphs().variable("k", "2")
                .block("src", "signal_source", "type", "cf32", "frequency", "1234", "samp_rate", "32000")
                .block("head", "head", "type", "cf32", "num_items", String.valueOf(ITEMS))
                .wire("src:out", "head:in");
    }

    private byte[] run(Path graph, String output) throws Exception {
        OpenedGraph g = engine.open(graph, Map.of());
        RunningGraph run = engine.start(g, RunOptions.DEFAULT);
        RunOutcome o = run.await(Duration.ofSeconds(120)).orElseThrow(() -> new AssertionError(graph + " hangs"));
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), graph + ": " + o);
        byte[] bytes = Files.readAllBytes(graph.resolveSibling(output));
        assertEquals(ITEMS * 8, bytes.length, output + " holds every sample");
        return bytes;
    }

    @Test
    void aHierBlockGivesTheSameSamplesAsTheGraphDrawnFlat() throws Exception {
        gainFilter(dir);
        Path hier = source().block("filt", "gain_filter", "scale", "k * 2")
                .block("snk", "file_sink", "file", "'hier.cf32'")
                .wire("head:out", "filt:in").wire("filt:out", "snk:in").save(dir.resolve("uses.graph"));
        Path flat = source().variable("taps", "[0.25, 0.5, 0.25]")
                .block("mul", "multiply_const", "type", "cf32", "const", "k * 2")
                .block("fir", "fir_filter", "io_type", "cf32", "taps_mode", "explicit", "taps", "taps")
                .block("snk", "file_sink", "file", "'flat.cf32'")
                .wire("head:out", "mul:in").wire("mul:out", "fir:in").wire("fir:out", "snk:in")
                .save(dir.resolve("flat.graph"));
        byte[] a = run(hier, "hier.cf32");
        byte[] b = run(flat, "flat.cf32");
        assertArrayEquals(b, a);
        // and the instance's value went in (4, not the default 3): y[n] = 4 · Σ taps[i] · x[n-i], x = exp(j2π·1234/32000·n)
        java.nio.FloatBuffer y = java.nio.ByteBuffer.wrap(a).order(java.nio.ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
        double[] taps = {0.25, 0.5, 0.25};
        for (int n = 0; n < 50; n++) {
            double re = 0;
            double im = 0;
            for (int i = 0; i < taps.length && i <= n; i++) {
                double phase = 2 * Math.PI * 1234 / 32000 * (n - i);
                re += 4 * taps[i] * Math.cos(phase);
                im += 4 * taps[i] * Math.sin(phase);
            }
            assertEquals(re, y.get(2 * n), 1e-5, "re y[" + n + "]");
            assertEquals(im, y.get(2 * n + 1), 1e-5, "im y[" + n + "]");
        }
    }

    @Test
    void theFlattenedGraphNamesInnerBlocksAndVariablesAfterTheInstance() throws Exception {
        gainFilter(dir);
        Path hier = source().block("filt", "gain_filter")
                .block("snk", "file_sink", "file", "'x.cf32'")
                .wire("head:out", "filt:in").wire("filt:out", "snk:in").save(dir.resolve("uses.graph"));
        OpenedGraph g = engine.open(hier, Map.of());
        assertTrue(g.graph().block("filt__mul").isPresent(), g.graph().blocks().toString());
        assertEquals("filt__scale", g.graph().block("filt__mul").orElseThrow().params().get("const"));
        assertEquals("3", g.graph().variables().get("filt__scale"), "the default when the instance sets none");
        assertEquals("[0.25, 0.5 * filt__scale / filt__scale, 0.25]", g.graph().variables().get("filt__taps"));
        assertTrue(g.graph().connections().contains(new org.sigflow.graph.Connection("head", "out", "filt__mul",
                "in")));
    }

    @Test
    void nestedHierBlocksWithFanOutGiveTheSameSamplesAsFlat() throws Exception {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        gainFilter(lib);
        // in → gain_filter(scale = 2 * g) → add.in0 ; in → add.in1 ; add → out
        new HierTestGraphs().variable("g", "0.5")
                .block("in", "hier_pad_in", "type", "cf32")
                .block("g", "hier_param", "type", "real")
                .block("inner", "gain_filter", "scale", "2 * g")
                .block("sum", "add", "type", "cf32")
                .block("out", "hier_pad_out", "type", "cf32")
                .wire("in:out", "inner:in").wire("in:out", "sum:in1").wire("inner:out", "sum:in0")
                .wire("sum:out", "out:in").save(lib.resolve("mix.graph"));
        Path main = Files.createDirectories(dir.resolve("main"));
        Path hier = source().block("m", "mix", "g", "k").block("snk", "file_sink", "file", "'hier.cf32'")
                .wire("head:out", "m:in").wire("m:out", "snk:in").save(main.resolve("uses.graph"));
        Path flat = source().variable("taps", "[0.25, 0.5, 0.25]")
                .block("mul", "multiply_const", "type", "cf32", "const", "2 * k")
                .block("fir", "fir_filter", "io_type", "cf32", "taps_mode", "explicit", "taps", "taps")
                .block("sum", "add", "type", "cf32")
                .block("snk", "file_sink", "file", "'flat.cf32'")
                .wire("head:out", "mul:in").wire("mul:out", "fir:in").wire("fir:out", "sum:in0")
                .wire("head:out", "sum:in1").wire("sum:out", "snk:in").save(main.resolve("flat.graph"));
        engine.setHierLibrary(HierLibrary.of(List.of(lib)));
        try {
            assertArrayEquals(run(flat, "flat.cf32"), run(hier, "hier.cf32"));
        } finally {
            engine.setHierLibrary(HierLibrary.of(List.of()));
        }
    }

    @Test
    void validateFindsHierBlocksThroughHierPath() throws Exception {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        gainFilter(lib);
        Path main = Files.createDirectories(dir.resolve("main"));
        Path g = source().block("filt", "gain_filter").block("snk", "null_sink")
                .wire("head:out", "filt:in").wire("filt:out", "snk:in").save(main.resolve("uses.graph"));
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int without = org.sigflow.cli.Main.run(List.of("validate", g.toString()), new java.io.PrintStream(out),
                new java.io.PrintStream(err));
        assertTrue(without != 0 && err.toString().contains("no hier block file gain_filter.graph"), err.toString());
        out.reset();
        int with = org.sigflow.cli.Main.run(List.of("validate", g.toString(), "--hier-path", lib.toString()),
                new java.io.PrintStream(out), new java.io.PrintStream(err));
        assertEquals(0, with, err.toString());
        assertTrue(out.toString().contains("valid (5 blocks, 4 connections"), out.toString());
    }

    @Test
    void aMissingHierFileIsNamedWithTheFoldersSearched() throws Exception {
        Path g = source().block("x", "no_such_hier").block("snk", "null_sink")
                .wire("head:out", "x:in").wire("x:out", "snk:in").save(dir.resolve("uses.graph"));
        InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> engine.open(g, Map.of()));
        String m = String.join("\n", e.problems());
        assertTrue(m.contains("block 'x'") && m.contains("unknown block type 'no_such_hier'"), m);
        assertTrue(m.contains("block 'x': 'no_such_hier' is not in the catalog, and there is no hier block file "
                + "no_such_hier.graph in " + dir), m);
    }

    @Test
    void aMissingHierFileIsReportedWithTheGraphsOtherProblems() throws Exception {
        Path g = source().block("x", "no_such_hier").block("snk", "null_sink", "vlen", "1 +")
                .wire("head:out", "x:in").wire("x:out", "snk:in").save(dir.resolve("uses.graph"));
        InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> engine.open(g, Map.of()));
        String m = String.join("\n", e.problems());
        assertTrue(m.contains("no_such_hier") && m.contains("snk") && m.contains("vlen"), m);
    }

    @Test
    void hierBlocksThatUseEachOtherAreRefusedAsACycle() throws Exception {
        new HierTestGraphs().block("in", "hier_pad_in").block("b", "cyc_b").block("out", "hier_pad_out")
                .wire("in:out", "b:in").wire("b:out", "out:in").save(dir.resolve("cyc_a.graph"));
        new HierTestGraphs().block("in", "hier_pad_in").block("a", "cyc_a").block("out", "hier_pad_out")
                .wire("in:out", "a:in").wire("a:out", "out:in").save(dir.resolve("cyc_b.graph"));
        Path g = source().block("x", "cyc_a").block("snk", "null_sink")
                .wire("head:out", "x:in").wire("x:out", "snk:in").save(dir.resolve("uses.graph"));
        InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> engine.open(g, Map.of()));
        assertEquals(List.of("hier blocks use each other in a cycle: cyc_a.graph → cyc_b.graph → cyc_a.graph"),
                e.problems());
    }

    @Test
    void aWireToAPortTheHierBlockLacksIsNamed() throws Exception {
        gainFilter(dir);
        Path g = source().block("filt", "gain_filter").block("snk", "null_sink")
                .wire("head:out", "filt:in2").wire("filt:out", "snk:in").save(dir.resolve("uses.graph"));
        InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> engine.open(g, Map.of()));
        assertTrue(e.problems().contains("a connection to 'filt:in2': hier block 'gain_filter' has no input 'in2' "
                + "(its inputs: in)"), e.problems().toString());
    }

    @Test
    void aWrongStreamTypeIsReportedAtTheHierBlockAsDrawn() throws Exception {
        gainFilter(dir);
        Path g = new HierTestGraphs().block("src", "signal_source", "type", "f32").block("filt", "gain_filter")
                .block("snk", "null_sink").wire("src:out", "filt:in").wire("filt:out", "snk:in")
                .save(dir.resolve("uses.graph"));
        InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> engine.open(g, Map.of()));
        String m = String.join("\n", e.problems());
        assertTrue(m.contains("filt:in") && m.contains("f32") && m.contains("cf32") && !m.contains("filt__"), m);
    }

    @Test
    void aParameterWithoutItsVariableIsExplained() throws Exception {
        new HierTestGraphs().block("in", "hier_pad_in").block("gain", "hier_param").block("out", "hier_pad_out")
                .wire("in:out", "out:in").save(dir.resolve("bad_param.graph"));
        Path g = source().block("x", "bad_param").block("snk", "null_sink")
                .wire("head:out", "x:in").wire("x:out", "snk:in").save(dir.resolve("uses.graph"));
        InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> engine.open(g, Map.of()));
        assertTrue(e.problems().getFirst().contains("parameter 'gain' names no variable of the graph"),
                e.problems().toString());
    }

    @Test
    void aHierFileRunOnItsOwnSaysItIsAnInterface() throws Exception {
        Path f = gainFilter(dir);
        InvalidGraphException e = assertThrows(InvalidGraphException.class,
                () -> engine.start(engine.open(f, Map.of()), RunOptions.DEFAULT));
        assertTrue(String.join("\n", e.problems()).contains("runs only inside a graph that uses the hier block"),
                e.problems().toString());
    }
}
