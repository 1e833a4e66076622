package org.sigflow.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;

/**
 * Same graph, same input, same bytes: every sample graph that writes files (the others only draw, throttle, or
 * record through a disabled sink: noise-spectrum, whose recorder would make it endless) gives
 * byte-identical files whether runs move 7, 64, 1000 or 32768 elements per work call, under either scheduling.
 */
class ReproducibleSampleGraphsTest {
    private static final int[] CHUNKS = {7, 64, 1000, 32768};
    private static final Path SAMPLES = Path.of("..", "sample-graphs");
    private static Engine engine;

    @TempDir
    Path tmp;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    @Test
    void everySampleGraphWritesTheSameBytesAtEveryChunkSize() throws Exception {
        List<Path> graphs;
        try (Stream<Path> s = Files.list(SAMPLES)) {
            graphs = s.filter(p -> p.toString().endsWith(".graph")).sorted().toList();
        }
        int compared = 0;
        for (Path graph : graphs) {
            if (!writesFiles(graph)) {
                continue;
            }
            Map<String, byte[]> first = null;
            for (int chunk : CHUNKS) {
                Map<String, byte[]> files = run(graph, chunk);
                assertTrue(!files.isEmpty(), graph + " wrote nothing at chunk " + chunk);
                if (first == null) {
                    first = files;
                    continue;
                }
                assertEquals(first.keySet(), files.keySet(), graph + " at chunk " + chunk);
                for (var e : first.entrySet()) {
                    assertArrayEquals(e.getValue(), files.get(e.getKey()),
                            graph.getFileName() + ": " + e.getKey() + " differs at chunk " + chunk + " from chunk 7");
                }
            }
            compared++;
        }
        assertTrue(compared >= 4, "sample graphs compared: " + compared);
    }

    private static boolean writesFiles(Path graph) throws IOException {
        var root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(graph.toFile());
        for (var b : root.get("blocks")) {
            if (b.get("type").asText().equals("file_sink") && !b.path("state").asText().equals("disabled")) {
                return true;
            }
        }
        return false;
    }

    /** Runs a copy of the graph (and its recordings) in a fresh folder; the files it wrote, by name. */
    private Map<String, byte[]> run(Path graph, int chunk) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(graph.getFileName() + "-" + chunk));
        Path copy = Files.copy(graph, dir.resolve(graph.getFileName()));
        copyTree(SAMPLES.resolve("recordings"), dir.resolve("recordings"));
        List<Path> before = list(dir);
        OpenedGraph g = engine.open(copy, Map.of());
        RunningGraph run = engine.start(g, RunOptions.DEFAULT.withChunkElements(chunk));
        RunOutcome o = run.await(Duration.ofSeconds(120)).orElseThrow(() -> new AssertionError(graph + " hangs"));
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), graph + ": " + o);
        Map<String, byte[]> out = new TreeMap<>();
        for (Path p : list(dir)) {
            if (!before.contains(p)) {
                out.put(dir.relativize(p).toString(), Files.readAllBytes(p));
            }
        }
        return out;
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return new ArrayList<>(s.filter(Files::isRegularFile).toList());
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        Files.createDirectories(to);
        try (Stream<Path> s = Files.list(from)) {
            for (Path p : s.toList()) {
                Files.copy(p, to.resolve(p.getFileName()));
            }
        }
    }
}
