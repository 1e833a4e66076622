package org.sigflow.hier;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Domain;
import org.sigflow.catalog.Dtype;
import org.sigflow.catalog.MessagePortDef;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.catalog.PortDef;
import org.sigflow.expr.ExpressionException;
import org.sigflow.expr.Expressions;
import org.sigflow.expr.Value;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Graph;

/**
 * The block type a hier block file becomes: one port per enabled pad (named by the pad's id, in file order), one
 * param per enabled {@code hier_param} (its default is the expression of the inner variable it names).
 */
public final class HierDefs {
    private HierDefs() {}

    /** Whether a graph declares a hier block interface (at least one pad or parameter). */
    public static boolean isHier(Graph g) {
        return g.blocks().stream().anyMatch(b -> b.state() != BlockState.DISABLED && HierPads.isInterface(b.type()));
    }

    /** A hier block's id from its file name ({@code my_filter.graph} → {@code my_filter}), or null if none fits. */
    public static String idOf(Path file) {
        String name = file.getFileName().toString();
        if (!name.endsWith(".graph")) {
            return null;
        }
        String id = name.substring(0, name.length() - ".graph".length());
        return id.matches("[A-Za-z_][A-Za-z0-9_]*") ? id : null;
    }

    public static BlockDef describe(String id, Path file, Graph g) throws HierException {
        List<String> problems = new ArrayList<>();
        String where = "hier block '" + id + "' (" + file + "): ";
        List<PortDef> inputs = new ArrayList<>();
        List<PortDef> outputs = new ArrayList<>();
        List<ParamDef> params = new ArrayList<>();
        List<MessagePortDef> messageInputs = new ArrayList<>();
        List<MessagePortDef> messageOutputs = new ArrayList<>();
        for (BlockInstance b : g.blocks()) {
            if (b.state() == BlockState.DISABLED || !HierPads.isInterface(b.type())) {
                continue;
            }
            if (b.type().equals(HierPads.PARAM)) {
                String expr = g.variables().get(b.id());
                if (expr == null) {
                    problems.add(where + "parameter '" + b.id() + "' names no variable of the graph; add a variable '"
                            + b.id() + "' whose expression is the parameter's default");
                    continue;
                }
                String typeText = b.params().getOrDefault("type", "real");
                ParamType type = ParamType.fromId(typeText);
                if (type == null || type == ParamType.ENUM) {
                    problems.add(where + "parameter '" + b.id() + "' has an unknown type '" + typeText + "'");
                    continue;
                }
                String label = string(b.params().get("label"));
                params.add(new ParamDef(b.id(), label.isEmpty() ? b.id() : label, type, expr, List.of(), List.of(),
                        null, null, null, true, "General", "replaces the variable '" + b.id() + "' inside; changes "
                        + "while running when every param it reaches inside can"));
                continue;
            }
            if (b.type().equals(HierPads.MSG_PAD_IN) || b.type().equals(HierPads.MSG_PAD_OUT)) {
                (b.type().equals(HierPads.MSG_PAD_IN) ? messageInputs : messageOutputs)
                        .add(new MessagePortDef(b.id(), "message port of the hier block"));
                continue;
            }
            String dtype = b.params().getOrDefault("type", "cf32");
            if (Dtype.fromId(dtype) == null) {
                problems.add(where + "pad '" + b.id() + "' has an unknown type '" + dtype + "'");
                continue;
            }
            PortDef port = new PortDef(b.id(), dtype, b.params().getOrDefault("vlen", "1"), Domain.CPU,
                    bool(b.params().get("optional")), "1");
            (b.type().equals(HierPads.PAD_IN) ? inputs : outputs).add(port);
        }
        if (!problems.isEmpty()) {
            throw new HierException(problems);
        }
        String title = g.metadata().title();
        String doc = g.metadata().description().isEmpty() ? "Hier block from " + file
                : g.metadata().description() + "\n\nHier block from " + file;
        return new BlockDef(id, title.isEmpty() ? id : title, List.of(HierPads.CATEGORY), Domain.CPU, null, doc,
                params, inputs, outputs, List.of(), messageInputs, messageOutputs, List.of());
    }

    private static String string(String expr) {
        if (expr == null) {
            return "";
        }
        try {
            return Expressions.evaluate(expr, Map.of()) instanceof Value.Str s ? s.value() : expr;
        } catch (ExpressionException e) {
            return expr;
        }
    }

    private static boolean bool(String expr) {
        try {
            return expr != null && Expressions.evaluate(expr, Map.of()) instanceof Value.Bool b && b.value();
        } catch (ExpressionException e) {
            return false;
        }
    }
}
