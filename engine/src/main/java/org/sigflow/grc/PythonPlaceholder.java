package org.sigflow.grc;

import java.util.Map;
import org.sigflow.expr.Value;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;

/**
 * GRC's {@code epy_block}, {@code epy_module} and gr-pdu's {@code pdu_pdu_lambda} hold Python code, which SigFlow never runs. They import as a
 * {@code python_placeholder} block that keeps the code as a string in its {@code source_code} param (the designer
 * shows it read-only, nothing ever executes it), so the user sees what the flowgraph did there; the placeholder fails validation, so the graph cannot run until it is replaced.
 * Its ports are defined by the Python code, so connections to it are reported and left out.
 */
final class PythonPlaceholder {
    static final String BLOCK = "python_placeholder";
    static final String SOURCE_PARAM = "source_code";
    /** gr-pdu's PDU Lambda: a Python lambda applied to each PDU (its code is the {@code fn} param). */
    private static final String PDU_LAMBDA = "pdu_pdu_lambda";

    private PythonPlaceholder() {}

    static boolean holdsPython(String grcId) {
        return grcId.equals("epy_block") || grcId.equals("epy_module") || grcId.equals(PDU_LAMBDA);
    }

    static BlockInstance of(GrcBlock b, ImportReport.Builder report) {
        String code = b.id().equals(PDU_LAMBDA) ? "# pdu.pdu_lambda(fn, metadict, key)\nfn = "
                + b.params().getOrDefault("fn", "") + "\nmetadict = " + b.params().getOrDefault("metadict", "")
                + "\nkey = " + b.params().getOrDefault("key", "") + "\n"
                : b.params().getOrDefault("_source_code", b.params().getOrDefault("source_code", ""));
        report.unmapped.merge(b.id(), 1, Integer::sum);
        report.attention("block " + b.describe(), "imported as a placeholder that shows its Python code; SigFlow "
                + "never runs Python, so the graph cannot run until the placeholder is replaced by SigFlow blocks");
        BlockState state = BlockState.fromId(b.state());
        String comment = "GRC's " + b.id() + " '" + b.name() + "': its Python code is in the read-only "
                + SOURCE_PARAM + " param (SigFlow never runs it)";
        Map<String, String> params = Map.of("grc_type", "'" + b.id() + "'",
                SOURCE_PARAM, new Value.Str(code).display()); // a string literal: text to read, never code
        return new BlockInstance(GrcBlockTranslator.identifier(b.name()), BLOCK,
                params, state == null ? BlockState.ENABLED : state,
                GrcBlockTranslator.finite(b.x()), GrcBlockTranslator.finite(b.y()), 0, comment);
    }
}
