package org.sigflow.grc;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.graph.BlockInstance;

/**
 * GRC's {@code variable_function_probe}: a variable (its initial value) and a {@code function_probe} block that sets
 * it from a getter. Only getters SigFlow's blocks really have are probed — {@code <param>} or {@code get_<param>}
 * of an imported block, {@code get_<variable>} of the graph; any other probe is left out with the reason, and the
 * variable keeps its initial value.
 */
final class GrcFunctionProbes {
    static final String KIND = "variable_function_probe";

    private GrcFunctionProbes() {}

    /** Points each imported probe at its block and variable, or removes it from {@code blocks}, saying why. */
    static void resolve(List<GrcBlock> grcBlocks, List<BlockInstance> blocks,
                        Map<String, GrcImporter.ImportedBlock> imported, Set<String> variables,
                        ImportReport.Builder report) {
        for (GrcBlock b : grcBlocks) {
            GrcImporter.ImportedBlock probe = imported.get(b.name());
            if (!b.id().equals(KIND) || probe == null) {
                continue;
            }
            String block = unquoted(b.params().getOrDefault("block_id", ""));
            String function = unquoted(b.params().getOrDefault("function_name", ""));
            String args = b.params().getOrDefault("function_args", "").strip();
            String refused = null;
            String sigflowBlock = "";
            GrcImporter.ImportedBlock target = block.isEmpty() ? null : imported.get(block);
            String name = function.startsWith("get_") ? function.substring(4) : "";
            if (!args.isEmpty()) {
                refused = "it calls " + function + "(" + args + "); SigFlow's getters take no arguments";
            } else if (block.isEmpty()) {
                if (!variables.contains(name)) {
                    refused = "the graph has no getter '" + function + "' (its getters are get_<variable>)";
                }
            } else if (target == null) {
                refused = "it reads " + block + "." + function + "(), a block SigFlow did not import";
            } else if (target.def().param(function).isEmpty() && (name.isEmpty()
                    || target.def().param(name).isEmpty())) {
                refused = "SigFlow's " + target.def().id() + " has no getter '" + function + "' (its getters: its "
                        + "parameters " + String.join(", ", target.def().params().stream().map(p -> p.id()).toList())
                        + ", as <param> or get_<param>)";
            } else {
                sigflowBlock = target.id();
            }
            if (refused != null) {
                blocks.removeIf(i -> i.id().equals(probe.id()));
                report.attention("variable " + b.describe(), "not probed: " + refused + "; imported as a variable "
                        + "with its initial value");
                continue;
            }
            String chosen = sigflowBlock;
            blocks.replaceAll(i -> !i.id().equals(probe.id()) ? i : i.withParam("target", quoted(b.name()))
                    .withParam("block", quoted(chosen)).withParam("function", quoted(function)));
        }
    }

    private static String unquoted(String raw) {
        String s = raw.strip();
        boolean quoted = s.length() >= 2 && (s.startsWith("'") && s.endsWith("'")
                || s.startsWith("\"") && s.endsWith("\""));
        return quoted ? s.substring(1, s.length() - 1) : s;
    }

    private static String quoted(String text) {
        return PythonExpressions.stringLiteral(text);
    }
}
