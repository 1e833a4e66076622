package org.sigflow.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * {@code sigflow} in a process of its own (the test's class path and JVM flags): real exit codes, real standard
 * output, and, for root, the option to run without root's right to ignore file permissions (as a user would).
 */
final class SigflowProcess {
    /** How a run ended: exit code, standard output (bytes: it may be samples), standard error. */
    record Result(int code, byte[] stdout, String stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    private final List<String> command = new ArrayList<>();

    private SigflowProcess(boolean asUser, List<String> properties, List<String> args) {
        if (asUser && isRoot()) {
            Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")),
                    "root ignores file permissions, and setpriv (util-linux) is missing to drop that right: skipped");
            command.addAll(List.of("/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search"));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", "-Xshare:auto"));
        command.addAll(properties);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(args);
    }

    /** {@code sigflow ARGS} with {@code -Dkey=value} JVM properties; {@code asUser}: file permissions apply. */
    static SigflowProcess of(boolean asUser, List<String> properties, String... args) {
        return new SigflowProcess(asUser, properties, List.of(args));
    }

    static boolean isRoot() {
        return ProcessHandle.current().info().user().orElse("").equals("root");
    }

    Process start() throws IOException {
        return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .start();
    }

    /** Runs to the end (at most {@code timeoutSeconds}, then it is killed and the test fails). */
    Result run(int timeoutSeconds) throws Exception {
        return finish(start(), timeoutSeconds);
    }

    /** Collects a started process's output and exit code; kills it after {@code timeoutSeconds}. */
    static Result finish(Process p, int timeoutSeconds) throws Exception {
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("sigflow did not end within " + timeoutSeconds + " s: "
                    + new String(err.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), out.get(10, TimeUnit.SECONDS),
                new String(err.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8));
    }

    private static byte[] readAll(java.io.InputStream in) {
        try (in) {
            return in.readAllBytes();
        } catch (IOException e) {
            return new byte[0];
        }
    }
}
