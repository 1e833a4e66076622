package org.sigflow.blocks.zmq;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs tools/zmq/gr_peer.py, a real GNU Radio 3.10 flowgraph, as the other end of a ZMQ link. Tests that need it
 * are skipped, with the reason in the report, where GNU Radio's Python modules are missing.
 */
final class GnuRadioPeer implements AutoCloseable {
    private static final Path SCRIPT = findScript();
    private static Boolean available;
    private final Process process;
    private final Path log;

    private GnuRadioPeer(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Skips the calling test (visibly) unless /usr/bin/python3 can import gnuradio.zeromq. */
    static synchronized void assumeAvailable() {
        if (available == null) {
            available = probe();
        }
        assumeTrue(available, "GNU Radio 3.10 with gr-zeromq is not installed (python3 -c 'from gnuradio import "
                + "zeromq' fails): skipping the tests against a real GNU Radio peer; install Debian's gnuradio");
    }

    private static boolean probe() {
        try {
            Process p = new ProcessBuilder(python(), "-c", "from gnuradio import zeromq, blocks; import pmt, numpy")
                    .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0 && SCRIPT != null;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** The system Python (GNU Radio's Debian packages install there, not into pyenv or a venv). */
    static String python() {
        return Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
    }

    private static Path findScript() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path p = dir.resolve("tools/zmq/gr_peer.py");
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }

    static GnuRadioPeer start(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(python(), SCRIPT.toString()));
        cmd.addAll(List.of(args));
        Path log = Files.createTempFile("gr_peer", ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new GnuRadioPeer(p, log);
    }

    /** Waits for the peer to exit and fails with its output unless it exited 0. */
    String await(int seconds) throws Exception {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("GNU Radio peer did not finish in " + seconds + " s: " + Files.readString(log));
        }
        String out = Files.readString(log);
        if (process.exitValue() != 0) {
            throw new AssertionError("GNU Radio peer exited " + process.exitValue() + ": " + out);
        }
        return out;
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
