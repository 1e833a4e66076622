package org.sigflow.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Runs the external programs tests compare against (tar, sox, GNU Radio); a missing one skips the test, saying so. */
public final class Peers {
    private Peers() {}

    /** Skips the calling test unless {@code program} is installed. */
    public static void assumeInstalled(String program, String why) {
        boolean found = List.of("/usr/bin/", "/usr/local/bin/", "/bin/").stream()
                .anyMatch(d -> Files.isExecutable(Path.of(d + program)));
        Assumptions.assumeTrue(found, program + " is not installed: " + why + " skipped");
    }

    /** Skips unless Debian's GNU Radio 3.10 Python modules import (the package {@code gnuradio}). */
    public static void assumeGnuRadio() throws Exception {
        assumeInstalled("python3", "GNU Radio peer check");
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", "from gnuradio import blocks")
                .redirectErrorStream(true).start();
        boolean ok = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        Assumptions.assumeTrue(ok, "GNU Radio's Python modules are not installed (apt install gnuradio): peer check "
                + "skipped");
    }

    /** Runs {@code cmd} in {@code cwd}; asserts it exits 0 within a minute and returns its output lines. */
    public static List<String> run(Path cwd, String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), cmd[0] + " finished");
        List<String> lines = new String(out).lines().toList();
        assertEquals(0, p.exitValue(), cmd[0] + ": " + String.join("\n", lines));
        return lines;
    }

    /** A raw little-endian float32 file as floats. */
    public static float[] readF32(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        float[] x = new float[b.remaining() / 4];
        b.asFloatBuffer().get(x);
        return x;
    }
}
