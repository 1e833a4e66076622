package org.sigflow.session;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The graphs the user made or said they trust: one line per graph, its SHA-256 and its absolute path, in
 * {@code $XDG_CONFIG_HOME/sigflow/trusted-graphs} ({@code ~/.config/...}; {@code SIGFLOW_TRUST_STORE} or
 * {@code -Dsigflow.trustStore} names another file). A graph is trusted while its content is unchanged at that path: a file replaced or edited elsewhere is asked
 * about again. The designer trusts what it saves; the CLI's {@code --trust} adds a graph.
 */
public final class TrustStore {
    private final Path file;

    public TrustStore(Path file) {
        this.file = file;
    }

    /** The user's store. */
    public static TrustStore user() {
        String explicit = System.getProperty("sigflow.trustStore", System.getenv("SIGFLOW_TRUST_STORE"));
        if (explicit != null && !explicit.isBlank()) {
            return new TrustStore(Path.of(explicit));
        }
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path config = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return new TrustStore(config.resolve("sigflow").resolve("trusted-graphs"));
    }

    /**
     * True when {@code graph}'s current content at its current path was trusted, or when it is one of the sample
     * graphs shipped with SigFlow (the folder the launcher names in {@code -Dsigflow.samples}).
     */
    public boolean isTrusted(Path graph) {
        if (isShippedSample(graph)) {
            return true;
        }
        try {
            String entry = entry(graph);
            return Files.isRegularFile(file) && Files.readAllLines(file, StandardCharsets.UTF_8).contains(entry);
        } catch (IOException e) {
            return false;
        }
    }

    /** Records {@code graph} (its content now, at its path) as trusted. */
    public void trust(Path graph) throws IOException {
        String entry = entry(graph);
        Path abs = graph.toAbsolutePath().normalize();
        List<String> lines = Files.isRegularFile(file)
                ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
        List<String> kept = new java.util.ArrayList<>();
        for (String l : lines) {
            if (!l.endsWith(" " + abs)) {
                kept.add(l); // an older content of the same path is forgotten
            }
        }
        kept.add(entry);
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), ".trusted-graphs", ".tmp");
        Files.write(tmp, kept, StandardCharsets.UTF_8);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** True for a graph inside the shipped sample folder ({@code -Dsigflow.samples}), symbolic links resolved. */
    static boolean isShippedSample(Path graph) {
        String samples = System.getProperty("sigflow.samples");
        if (samples == null || samples.isBlank()) {
            return false;
        }
        try {
            return graph.toRealPath().startsWith(Path.of(samples).toRealPath());
        } catch (IOException | java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    private static String entry(Path graph) throws IOException {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(graph));
            return HexFormat.of().formatHex(digest) + " " + graph.toAbsolutePath().normalize();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JDK has SHA-256
        }
    }
}
