package org.sigflow.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/** {@code sigflow validate FILE}: every problem with its location, or a one-line summary. */
final class ValidateCommand {
    private final PrintStream out;
    private final PrintStream err;

    ValidateCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int execute(List<String> argv) throws Exception {
        Args a = Args.parse(argv, Set.of(HierPathOption.NAME), Set.of());
        Path file = Path.of(a.file("validate"));
        Engine engine = Engine.loadDefault();
        HierPathOption.apply(engine, a);
        OpenedGraph g = engine.open(file, a.sets);
        engine.check(g); // what run would refuse at start: block sizes, filter designs, files, folders, ring sizes
        g.warnings().forEach(w -> err.println("warning: " + w));
        out.println(file + ": valid (" + g.resolved().blocks().size() + " blocks, " + g.resolved().edges().size()
                + " connections" + (g.warnings().isEmpty() ? "" : ", " + g.warnings().size() + " warnings") + ")");
        return ExitCodes.OK;
    }
}
