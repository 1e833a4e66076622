package org.sigflow.app.recovery;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.sigflow.format.GraphReader;
import org.sigflow.format.GraphWriter;
import org.sigflow.format.SafeSave;
import org.sigflow.graph.Graph;

/**
 * The recovery folder: each running designer keeps its unsaved graph in {@code <pid>.graph} and the path of the file
 * it belongs to in {@code <pid>.source} (empty for an untitled graph). Files of a process that is no longer alive are
 * what a crash or kill left behind.
 */
public final class RecoveryFiles {
    private final Path dir;
    private final long pid;

    public RecoveryFiles(Path dir, long pid) {
        this.dir = dir;
        this.pid = pid;
    }

    /** {@code $SIGFLOW_RECOVERY_DIR}, else {@code $XDG_STATE_HOME/sigflow/recovery}, else ~/.local/state/…. */
    public static Path defaultDir() {
        String override = System.getProperty("sigflow.recoveryDir", System.getenv("SIGFLOW_RECOVERY_DIR"));
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        String state = System.getenv("XDG_STATE_HOME");
        Path base = state != null && !state.isBlank() ? Path.of(state)
                : Path.of(System.getProperty("user.home"), ".local", "state");
        return base.resolve("sigflow").resolve("recovery");
    }

    /** One unsaved graph left by a designer that ended without saving. */
    public record Orphan(long pid, Graph graph, Optional<Path> source) {}

    /** Writes this process's recovery copy (atomically, so a kill mid-write leaves the previous one). */
    public void write(Graph graph, Path source) throws IOException {
        Files.createDirectories(dir);
        SafeSave.write(dir.resolve(pid + ".source"), (source == null ? "" : source.toAbsolutePath().toString())
                .getBytes(StandardCharsets.UTF_8));
        new GraphWriter().save(graph, dir.resolve(pid + ".graph"));
    }

    /** Removes this process's copy (saved, or closed on purpose). */
    public void clear() {
        delete(pid);
    }

    public void delete(long ofPid) {
        try {
            Files.deleteIfExists(dir.resolve(ofPid + ".graph"));
            Files.deleteIfExists(dir.resolve(ofPid + ".source"));
        } catch (IOException e) {
            // nothing to do: a stale copy is offered again next time
        }
    }

    /** Copies left by processes that are gone; unreadable ones are skipped. */
    public List<Orphan> orphans() {
        List<Orphan> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().matches("\\d+\\.graph")).sorted().toList()) {
                long owner = Long.parseLong(f.getFileName().toString().replace(".graph", ""));
                if (owner == pid || ProcessHandle.of(owner).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                readOrphan(owner, f).ifPresent(out::add);
            }
        } catch (IOException | RuntimeException e) {
            return out;
        }
        return out;
    }

    private Optional<Orphan> readOrphan(long owner, Path graphFile) {
        try {
            Graph g = new GraphReader().read(graphFile).graph();
            Path sourceFile = dir.resolve(owner + ".source");
            String source = Files.exists(sourceFile) ? Files.readString(sourceFile).strip() : "";
            return Optional.of(new Orphan(owner, g, source.isEmpty() ? Optional.empty() : Optional.of(Path.of(source))));
        } catch (IOException | RuntimeException | org.sigflow.format.GraphFormatException e) {
            return Optional.empty();
        }
    }
}
