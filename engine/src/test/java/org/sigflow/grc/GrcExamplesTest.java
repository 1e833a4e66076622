package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.format.GraphReader;
import org.sigflow.format.GraphWriter;
import org.sigflow.format.LoadedGraph;

/**
 * GNU Radio's own example flowgraphs: every one imports without an exception and with a report (or is refused with
 * a message, the legacy XML ones), and what is imported is a well-formed {@code .graph}. The subset in the test
 * resources always runs; all 280 run when the full folder is there, and the coverage is printed.
 */
class GrcExamplesTest {
    private static GrcImporter importer;

    @BeforeAll
    static void load() throws Exception {
        importer = GrcImporter.loadDefault();
    }

    @Test
    void theBundledSubsetImports() throws Exception {
        Path dir = Path.of(GrcExamplesTest.class.getResource("/grc/examples").toURI());
        Coverage c = importAll(dir);
        assertEquals(36, c.files);
        assertEquals(3, c.refused, "the legacy XML files");
        assertTrue(c.complete >= 1, "at least one of the subset imports completely");
    }

    @Test
    void allOfGnuRadiosExamplesImportWhenPresent() throws Exception {
        Path dir = Path.of(System.getProperty("sigflow.grc.examples", "/work/shared/grc-examples"));
        Assumptions.assumeTrue(Files.isDirectory(dir), "no full GRC example folder at " + dir);
        Coverage c = importAll(dir);
        assertEquals(280, c.files);
        assertEquals(3, c.refused);
        System.out.println("GRC examples: " + c.files + " files, " + c.complete + " complete, " + c.partial
                + " partial, " + c.refused + " refused (legacy XML); " + c.onlyGuiMissing + " of the partial ones "
                + "lack only Qt GUI blocks (qtgui_*); blocks imported: " + c.importedBlocks + ", not imported: "
                + c.unmappedBlocks);
        c.unmapped.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(30)
                .forEach(e -> System.out.println("  unmapped " + e.getKey() + " in " + e.getValue() + " files"));
        c.completeFiles.forEach(f -> System.out.println("  complete: " + f));
    }

    private static final class Coverage {
        int files;
        int complete;
        int partial;
        int refused;
        int onlyGuiMissing;
        int importedBlocks;
        int unmappedBlocks;
        final Map<String, Integer> unmapped = new TreeMap<>();
        final List<String> completeFiles = new ArrayList<>();
    }

    private static Coverage importAll(Path dir) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(p -> p.toString().endsWith(".grc")).sorted(Comparator.naturalOrder()).toList();
        }
        Coverage c = new Coverage();
        for (Path f : files) {
            c.files++;
            ImportResult r;
            try {
                r = importer.importFile(f);
            } catch (GrcFormatException e) {
                assertTrue(e.detail().startsWith("GRC 3.7 XML format"), f + ": " + e.getMessage());
                c.refused++;
                continue;
            }
            assertFalse(r.report().lines().isEmpty(), f.toString());
            // what the import wrote must read back as the same graph
            LoadedGraph back = new GraphReader().read(new GraphWriter().write(r.graph()), f.toString());
            assertEquals(r.graph(), back.graph(), f.toString());
            if (r.report().complete()) {
                c.complete++;
                c.completeFiles.add(dir.relativize(f).toString());
            } else {
                c.partial++;
            }
            r.report().unmappedTypes().keySet().forEach(t -> c.unmapped.merge(t, 1, Integer::sum));
            c.importedBlocks += r.report().importedBlocks();
            c.unmappedBlocks += r.report().unmappedTypes().values().stream().mapToInt(Integer::intValue).sum();
            if (!r.report().complete() && !r.report().unmappedTypes().isEmpty()
                    && r.report().unmappedTypes().keySet().stream().allMatch(t -> t.startsWith("qtgui_"))) {
                c.onlyGuiMissing++;
            }
        }
        return c;
    }
}
