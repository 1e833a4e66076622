package org.sigflow.remote;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sigflow.cli.Main;

/** A real {@code sigflow serve} in its own JVM (the CLI from the build's class path), with its output lines. */
final class ServeProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on http://(\\S+)");
    final Process process;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> all = new ArrayList<>();

    ServeProcess(Path work, String... options) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve", "--work",
                work.toString()));
        cmd.addAll(List.of(options));
        process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Thread.ofPlatform().daemon(true).start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String l;
                while ((l = r.readLine()) != null) {
                    synchronized (all) {
                        all.add(l);
                    }
                    if (!l.startsWith("WARNING: ")) { // the JVM's notice about the incubator module
                        lines.add(l);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        });
    }

    /** The next output line, waiting at most 60 s (a loaded machine starts a JVM slowly). */
    String nextLine() throws InterruptedException {
        String l = lines.poll(60, TimeUnit.SECONDS);
        if (l == null) {
            throw new AssertionError("sigflow serve printed nothing within 60 s; output so far: " + output());
        }
        return l;
    }

    /** host:port from the "listening on" line. */
    String address() throws InterruptedException {
        String l = nextLine();
        Matcher m = LISTENING.matcher(l);
        if (!m.find()) {
            throw new AssertionError("unexpected first line of sigflow serve: " + l + "; output: " + output());
        }
        return m.group(1);
    }

    String output() {
        synchronized (all) {
            return String.join("\n", all);
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
        }
    }
}
