package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an import did: counts, and every block, param, variable and connection that was not imported as-is, with
 * the reason. {@link #complete()} says whether the graph is the whole GRC flowgraph.
 *
 * @param source         the file name
 * @param grcBlocks      GRC blocks in the file (all of them, including variables, options, notes, virtual ports)
 * @param importedBlocks SigFlow blocks in the imported graph
 * @param variables      graph variables imported
 * @param connections    SigFlow connections in the imported graph
 * @param unmappedTypes  GRC block type id → how many blocks of that type were not imported
 */
public record ImportReport(String source, int grcBlocks, int importedBlocks, int variables, int connections,
                           List<ImportIssue> issues, Map<String, Integer> unmappedTypes) {

    public ImportReport {
        issues = List.copyOf(issues);
        unmappedTypes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(unmappedTypes));
    }

    /** Nothing needs attention: every GRC block, param, variable and connection has its SigFlow counterpart. */
    public boolean complete() {
        return attention().isEmpty();
    }

    public List<ImportIssue> attention() {
        return issues.stream().filter(ImportIssue::attention).toList();
    }

    /** The report as the CLI prints it. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(String.format("%s: imported %d blocks, %d variables, %d connections from %d GRC blocks — %s",
                source, importedBlocks, variables, connections, grcBlocks,
                complete() ? "complete" : "partial, " + attention().size() + " item(s) need attention"));
        if (!unmappedTypes.isEmpty()) {
            List<String> types = new ArrayList<>();
            unmappedTypes.forEach((t, n) -> types.add(n > 1 ? t + " ×" + n : t));
            out.add("  GRC block types without a SigFlow counterpart: " + String.join(", ", types));
        }
        issues.forEach(i -> out.add("  " + i));
        return out;
    }

    /** Collects issues while importing. */
    static final class Builder {
        final List<ImportIssue> issues = new ArrayList<>();
        final Map<String, Integer> unmapped = new LinkedHashMap<>();

        void attention(String subject, String message) {
            issues.add(new ImportIssue(true, subject, message));
        }

        void note(String subject, String message) {
            issues.add(new ImportIssue(false, subject, message));
        }

        void unmapped(GrcBlock b, String why) {
            unmapped.merge(b.id(), 1, Integer::sum);
            attention("block " + b.describe(), "not imported: " + why
                    + ("disabled".equals(b.state()) ? " (it is disabled in GRC)" : ""));
        }
    }
}
