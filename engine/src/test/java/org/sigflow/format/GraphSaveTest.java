package org.sigflow.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.graph.Graph;

/** Saving behaves like an editor's save: mode kept, links written through, read-only refused (issue 12 point 6). */
class GraphSaveTest {
    private final GraphWriter writer = new GraphWriter();

    @Test
    void keepsTheModeOfAnExistingFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("shared.graph");
        writer.save(TestGraphs.small(), f);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-rw-r--"));
        writer.save(TestGraphs.small(), f);
        assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
    }

    @Test
    void aNewFileGetsTheUmaskModeNotPrivate(@TempDir Path dir) throws Exception {
        Path reference = Files.createFile(dir.resolve("reference"));
        Path f = dir.resolve("new.graph");
        writer.save(TestGraphs.small(), f);
        assertEquals(Files.getPosixFilePermissions(reference), Files.getPosixFilePermissions(f));
    }

    @Test
    void writesThroughASymbolicLink(@TempDir Path dir) throws Exception {
        Path real = dir.resolve("real.graph");
        writer.save(Graph.EMPTY, real);
        Path link = Files.createSymbolicLink(dir.resolve("link.graph"), Path.of("real.graph"));
        writer.save(TestGraphs.small(), link);
        assertTrue(Files.isSymbolicLink(link), "the link is still a link");
        assertEquals(writer.write(TestGraphs.small()), Files.readString(real));
    }

    @Test
    void refusesAReadOnlyFileAndLeavesItAlone(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("locked.graph");
        writer.save(Graph.EMPTY, f);
        String before = Files.readString(f);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("r--r--r--"));
        AccessDeniedException e = assertThrows(AccessDeniedException.class, () -> writer.save(TestGraphs.small(), f));
        assertTrue(e.getMessage().contains("read-only"), e.getMessage());
        assertEquals(before, Files.readString(f));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file is left behind");
        }
    }

}
