package org.sigflow.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.format.GraphWriter;
import org.sigflow.grc.GrcFormatException;
import org.sigflow.grc.GrcImporter;
import org.sigflow.grc.ImportResult;

/**
 * {@code sigflow import FILE.grc [-o OUT.graph] [--force]}: imports a GNU Radio Companion flowgraph, writes the
 * {@code .graph} (and each GRC hier block it uses as {@code <id>.graph} beside it) and prints the report. Exit 0 complete, 3 partial (written; the report says what needs
 * attention), 2 unreadable input or an output that exists without {@code --force}.
 */
final class ImportCommand {
    private final PrintStream out;
    private final PrintStream err;

    ImportCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int execute(List<String> argv) throws Exception {
        List<String> normalized = new ArrayList<>();
        argv.forEach(s -> normalized.add(s.equals("-o") ? "--output" : s));
        Args a = Args.parse(normalized, Set.of("--output"), Set.of("--force"));
        Path in = Path.of(a.file("import"));
        String name = in.getFileName().toString();
        Path target = a.options.containsKey("--output") ? Path.of(a.options.get("--output"))
                : in.resolveSibling((name.toLowerCase().endsWith(".grc") ? name.substring(0, name.length() - 4)
                : name) + ".graph");
        if (Files.exists(target) && !a.flags.contains("--force")) {
            throw new UsageException(target + " exists; use --force to overwrite it or -o to choose another file");
        }
        ImportResult result;
        try {
            result = new GrcImporter(CatalogLoader.loadDefault()).importFile(in);
        } catch (GrcFormatException e) {
            err.println("sigflow: " + e.getMessage());
            return ExitCodes.INVALID_INPUT;
        }
        try {
            new GraphWriter().save(result.graph(), target);
        } catch (IOException e) {
            err.println("sigflow: cannot write " + target + ": " + e.getMessage());
            return ExitCodes.INVALID_INPUT;
        }
        result.report().lines().forEach(out::println);
        // GRC hier blocks it uses become SigFlow hier block files beside it, where run and validate find them
        for (org.sigflow.hier.HierBlock h : result.hierBlocks()) {
            if (!GrcImporter.isGrcFile(h.file())) {
                continue;                                   // a SigFlow hier block file already
            }
            Path hierFile = target.toAbsolutePath().resolveSibling(h.id() + ".graph");
            if (Files.exists(hierFile) && !a.flags.contains("--force")) {
                out.println("kept " + hierFile + " (exists; --force overwrites it with hier block " + h.id() + ")");
                continue;
            }
            try {
                new GraphWriter().save(h.inner(), hierFile);
                out.println("wrote hier block " + hierFile + " (from " + h.file() + ")");
            } catch (IOException e) {
                err.println("sigflow: cannot write " + hierFile + ": " + e.getMessage());
                return ExitCodes.INVALID_INPUT;
            }
        }
        out.println("wrote " + target);
        return result.report().complete() ? ExitCodes.OK : ExitCodes.PARTIAL_IMPORT;
    }
}
