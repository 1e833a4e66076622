package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.InvalidGraphException;
import org.sigflow.session.OpenedGraph;

/**
 * Dev tool, not a CI test (runs only with {@code -Dsigflow.grc.coverage=DIR}; {@code tools/grc/coverage.sh}): imports
 * every {@code .grc} under DIR (a copy, so file sinks write into a temporary folder), and counts how many import
 * completely, import every block (no GRC block left out), validate, and run headless for {@value #RUN_MS} ms without
 * a block failing (or finish by themselves); a graph that lost blocks in the import does not count as validating. Legacy XML files and files whose only unmapped blocks are radio hardware are left out of the goal's
 * denominator. Writes the table and the most common unmapped blocks to {@code target/grc-coverage.md}.
 */
class GrcCoverageTest {
    private static final int RUN_MS = 400;
    /**
     * Radio hardware and audio capture: a graph missing only these cannot run headless anywhere. Not the audio sink:
     * it runs without a card (discarding at its rate), so a file missing it counts against the coverage.
     */
    static final Pattern HARDWARE = Pattern.compile(
            "(uhd_|soapy_|audio_source|osmosdr_|iio_|rtlsdr_|limesdr_|zeromq_|network_|blocks_udp_|blocks_tcp_).*");

    @Test
    void coverage() throws Exception {
        String dirProp = System.getProperty("sigflow.grc.coverage");
        Assumptions.assumeTrue(dirProp != null, "dev tool: run with -Dsigflow.grc.coverage=DIR");
        Path work = Files.createTempDirectory("grc-coverage");
        copyTree(Path.of(dirProp), work);
        Engine engine = Engine.loadDefault();
        List<Path> files;
        try (Stream<Path> s = Files.walk(work)) {
            files = s.filter(p -> p.toString().endsWith(".grc")).sorted(Comparator.naturalOrder()).toList();
        }
        int total = 0, legacy = 0, hardwareOnly = 0, considered = 0, complete = 0;
        int[] allBlocks = new int[2], valid = new int[2], ran = new int[2]; // [every block, all but Qt GUI ones]
        Map<String, Integer> unmapped = new TreeMap<>();
        List<String> runningFiles = new ArrayList<>();
        StringBuilder perFile = new StringBuilder(); // considered file, tab, its unmapped GRC blocks
        List<String> invalidFiles = new ArrayList<>();
        for (Path f : files) {
            total++;
            ImportReport report;
            try {
                report = engine.grcImporter().importFile(f).report();
            } catch (GrcFormatException e) {
                legacy++;
                continue;
            }
            var missing = report.unmappedTypes().keySet();
            missing.forEach(t -> unmapped.merge(t, 1, Integer::sum));
            if (!missing.isEmpty() && missing.stream().allMatch(t -> HARDWARE.matcher(t).matches())) {
                hardwareOnly++;
                continue;
            }
            considered++;
            perFile.append(work.relativize(f)).append('\t').append(String.join(" ", new TreeSet<>(missing))).append('\n');
            complete += report.complete() ? 1 : 0;
            // a graph without some of its blocks is not the flowgraph, whether it validates or not; one that lacks
            // only Qt GUI blocks (displays, layout) computes the same samples, and is counted apart
            boolean strict = missing.isEmpty();
            if (!strict && !missing.stream().allMatch(t -> t.startsWith("qtgui_"))) {
                continue;
            }
            int k = strict ? 0 : 1;
            allBlocks[k]++;
            Optional<OpenedGraph> opened = open(engine, f, work, invalidFiles);
            if (opened.isEmpty()) {
                continue;
            }
            valid[k]++;
            if (runs(engine, opened.get())) {
                ran[k]++;
                runningFiles.add(work.relativize(f).toString() + (strict ? "" : " (without its Qt GUI blocks)"));
            }
        }
        StringBuilder md = new StringBuilder();
        md.append("| | files |\n|---|---|\n");
        md.append(row("`.grc` files", total)).append(row("refused: legacy XML (GRC 3.7)", legacy));
        md.append(row("left out: only radio hardware / audio blocks missing", hardwareOnly));
        md.append(row("considered", considered));
        md.append(row("imported completely (nothing needs attention)", complete));
        md.append(row("every block imported (no unmapped GRC block)", allBlocks[0]));
        md.append(row("… and validate", valid[0]));
        md.append(row("… and run headless (" + RUN_MS + " ms, no block fails)", ran[0]));
        md.append(row("every block but some Qt GUI ones (`qtgui_*` displays, tabs) imported", allBlocks[1]));
        md.append(row("… and validate", valid[1]));
        md.append(row("… and run headless", ran[1]));
        md.append(String.format("%nValidate and run headless: %d of %d considered files = %.1f %% with every block, "
                + "%d = %.1f %% counting those that lack only Qt GUI blocks.%n%n", ran[0], considered,
                100.0 * ran[0] / Math.max(1, considered), ran[0] + ran[1],
                100.0 * (ran[0] + ran[1]) / Math.max(1, considered)));
        md.append("Most common unmapped GRC blocks (files using them):\n\n| GRC block | files |\n|---|---|\n");
        unmapped.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).limit(40)
                .forEach(e -> md.append("| `").append(e.getKey()).append("` | ").append(e.getValue()).append(" |\n"));
        md.append("\nRunning headless:\n\n");
        runningFiles.forEach(r -> md.append("- ").append(r).append('\n'));
        md.append("\nEvery block (but Qt GUI ones) imported, yet not valid (first problem):\n\n");
        invalidFiles.forEach(r -> md.append("- ").append(r).append('\n'));
        Path out = Path.of("target", "grc-coverage.md");
        Files.writeString(out, md);
        Files.writeString(Path.of("target", "grc-coverage-files.tsv"), perFile);
        System.out.println(md);
        assertTrue(total > 0, "no .grc files under " + dirProp);
    }

    private static String row(String what, int n) {
        return "| " + what + " | " + n + " |\n";
    }

    private static Optional<OpenedGraph> open(Engine engine, Path f, Path root, List<String> invalid) {
        try {
            return Optional.of(engine.open(f, Map.of()));
        } catch (InvalidGraphException e) {
            invalid.add(root.relativize(f) + ": " + (e.problems().isEmpty() ? "?" : e.problems().getFirst()));
            return Optional.empty();
        } catch (RuntimeException e) {
            invalid.add(root.relativize(f) + ": " + e);
            return Optional.empty();
        }
    }

    private static boolean runs(Engine engine, OpenedGraph g) {
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            Optional<RunOutcome> early = run.await(Duration.ofMillis(RUN_MS));
            if (early.isPresent()) {
                return early.get().ok();
            }
            run.stop();
            Optional<RunOutcome> end = run.await(Duration.ofSeconds(5));
            return end.isPresent() && end.get().ok();
        } catch (InvalidGraphException | RuntimeException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }
}
