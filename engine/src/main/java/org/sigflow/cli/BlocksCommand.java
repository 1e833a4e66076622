package org.sigflow.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.session.Engine;

/** {@code sigflow blocks [--json]}: the catalog, grouped by category, or as JSON. */
final class BlocksCommand {
    private final PrintStream out;

    BlocksCommand(PrintStream out) {
        this.out = out;
    }

    int execute(List<String> argv) throws Exception {
        Args a = Args.parse(argv, Set.of(), Set.of("--json"));
        if (!a.positionals.isEmpty()) {
            throw new UsageException("'blocks' takes no file");
        }
        Engine engine = Engine.loadDefault();
        Catalog catalog = engine.catalog();
        if (a.flags.contains("--json")) {
            ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            out.println(json.writeValueAsString(catalog.all()));
            return ExitCodes.OK;
        }
        String category = null;
        for (BlockDef b : catalog.all().stream()
                .sorted(java.util.Comparator.comparing((BlockDef d) -> String.join("/", d.category())).thenComparing(BlockDef::id))
                .toList()) {
            String c = String.join(" / ", b.category());
            if (!c.equals(category)) {
                out.println(c);
                category = c;
            }
            String missing = engine.registry().find(b.id()).isPresent() ? "" : "  (no implementation installed)";
            out.printf("  %-22s %-28s %s%s%n", b.id(), b.label(), b.domain().toString().toLowerCase(java.util.Locale.ROOT), missing);
        }
        return ExitCodes.OK;
    }
}
