package org.sigflow.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.format.GraphWriter;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * {@code sigflow split FILE [--out DIR] [--base-port N] [--hosts part=addr,...]}: writes one .graph per part of a graph
 * whose blocks name hosts, joined by ZMQ links, and prints the command that runs each part.
 */
final class SplitCommand {
    private final PrintStream out;

    SplitCommand(PrintStream out) {
        this.out = out;
    }

    int execute(List<String> argv) throws Exception {
        Set<String> options = new HashSet<>(SplitParts.OPTIONS);
        options.add("--out");
        Args a = Args.parse(argv, options, Set.of());
        Path file = Path.of(a.file("split"));
        Path dir = Path.of(a.options.getOrDefault("--out", String.valueOf(file.toAbsolutePath().getParent())));
        Files.createDirectories(dir);
        Map<String, OpenedGraph> parts = SplitParts.openParts(Engine.loadDefault(), file, a);
        String stem = file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        for (var e : parts.entrySet()) {
            Path target = dir.resolve(stem + "." + e.getKey() + ".graph");
            new GraphWriter().save(e.getValue().graph(), target);
            out.println(e.getKey() + ": wrote " + target + "  (run there: sigflow run " + target.getFileName() + ")");
        }
        if (parts.size() == 1) {
            out.println("note: no block names a host, so the graph has one part");
        }
        return ExitCodes.OK;
    }
}
