package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * GRC's byte, short and int file blocks imported: a byte file source (vlen 3, a file with a trailing partial item) into
 * a byte file sink, and short (vlen 2) and int vector sources into file sinks, give GNU Radio 3.10's files byte for
 * byte. GNU Radio's outputs (gnuradio_*) were written by
 * {@code /usr/bin/python3 tools/grc/compare_grc.py --save DIR engine/src/test/resources/grc/rawfiles/raw_int_files.grc}.
 */
class GrcRawFilesTest {
    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void byteShortAndIntFilesEqualGnuRadios() throws Exception {
        Path dir = Path.of(GrcRawFilesTest.class.getResource("/grc/rawfiles").toURI());
        Files.copy(dir.resolve("raw_int_files.grc"), tmp.resolve("raw_int_files.grc"));
        Files.copy(dir.resolve("in.u8"), tmp.resolve("in.u8"));
        Engine engine = Engine.loadDefault();
        OpenedGraph g = engine.open(tmp.resolve("raw_int_files.grc"), Map.of());
        assertTrue(g.warnings().getFirst().contains("(complete)"), String.join("\n", g.warnings()));
        try (RunningGraph r = engine.start(g, RunOptions.DEFAULT)) {
            assertEquals(RunOutcome.Kind.COMPLETED, r.await().kind());
        }
        byte[] in = Files.readAllBytes(dir.resolve("in.u8"));
        assertEquals(152, in.length, "50 items of 3 bytes and 2 bytes of a partial item");
        assertArrayEquals(Arrays.copyOf(in, 150), Files.readAllBytes(tmp.resolve("bytes.u8")), "the file's whole items");
        for (String out : new String[] {"bytes.u8", "shorts.s16", "ints.s32"}) {
            assertArrayEquals(Files.readAllBytes(dir.resolve("gnuradio_" + out)), Files.readAllBytes(tmp.resolve(out)),
                    out + " differs from GNU Radio's");
        }
    }
}
