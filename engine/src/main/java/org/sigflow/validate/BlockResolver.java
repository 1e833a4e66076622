package org.sigflow.validate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.catalog.AssertDef;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Dtype;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.catalog.PortDef;
import org.sigflow.expr.Excerpt;
import org.sigflow.expr.Expression;
import org.sigflow.expr.ExpressionException;
import org.sigflow.expr.Value;
import org.sigflow.graph.BlockInstance;

/**
 * Resolves one block instance against its catalog entry: params (missing ones take the catalog default), asserts,
 * and ports (multiplicity, dtype, vector length, domain).
 */
final class BlockResolver {

    /** More ports than this on one multiple port is certainly a mistake (and would be a memory hazard). */
    static final int MAX_PORT_COUNT = 1024;

    private final BlockInstance block;
    private final BlockDef def;
    private final List<Problem> problems;
    private final String where;

    private BlockResolver(BlockInstance block, BlockDef def, List<Problem> problems) {
        this.block = block;
        this.def = def;
        this.problems = problems;
        this.where = "block '" + block.id() + "'";
    }

    /**
     * @param brokenVariables variables that failed to resolve: params using them are skipped silently, the
     *                        variable's own error says what is wrong
     * @return the resolved block, or {@code null} if a param could not be evaluated (ports then cannot be known)
     */
    static ResolvedBlock resolve(BlockInstance block, BlockDef def, Map<String, Value> variables,
                                 Set<String> brokenVariables, List<Problem> problems) {
        return new BlockResolver(block, def, problems).resolve(variables, brokenVariables);
    }

    private ResolvedBlock resolve(Map<String, Value> variables, Set<String> brokenVariables) {
        block.params().keySet().stream().filter(p -> def.param(p).isEmpty()).forEach(p -> problems.add(
                Problem.warning(where + " param '" + p + "'", "unknown param '" + p + "' is ignored (block type '"
                        + def.id() + "' has no such param)")));
        Map<String, Value> params = new LinkedHashMap<>();
        boolean complete = true;
        for (ParamDef p : def.params()) {
            String text = block.params().getOrDefault(p.id(), p.defaultValue());
            if (usesBrokenVariable(p, text, brokenVariables)) {
                complete = false;
                continue;
            }
            try {
                params.put(p.id(), ParamEvaluator.evaluate(p, text, variables));
            } catch (ParamValueException e) {
                String source = block.params().containsKey(p.id()) ? "" : " (the catalog default)";
                problems.add(Problem.error(where + " param '" + p.id() + "'", e.getMessage() + source));
                complete = false;
            }
        }
        if (!complete) {
            return null;
        }
        Map<String, Value> scope = new LinkedHashMap<>(variables);
        scope.putAll(params); // a block's own params shadow graph variables of the same name
        checkAsserts(scope);
        List<ResolvedPort> inputs = ports(def.inputs(), "input", params, scope);
        List<ResolvedPort> outputs = ports(def.outputs(), "output", params, scope);
        if (inputs == null || outputs == null) {
            return null;
        }
        return new ResolvedBlock(block.id(), def, params, inputs, outputs);
    }

    private static boolean usesBrokenVariable(ParamDef p, String text, Set<String> broken) {
        if (p.type() == ParamType.ENUM || broken.isEmpty()) {
            return false;
        }
        try {
            return Expression.parse(text).references().stream().anyMatch(broken::contains);
        } catch (ExpressionException e) {
            return false; // reported by the evaluation that follows
        }
    }

    private void checkAsserts(Map<String, Value> scope) {
        checkAsserts(block.id(), def, scope, problems);
    }

    /** Adds the message of each assert of {@code def} that is false over {@code scope}. */
    static void checkAsserts(String blockId, BlockDef def, Map<String, Value> scope, List<Problem> problems) {
        String where = "block '" + blockId + "'";
        for (AssertDef a : def.asserts()) {
            try {
                Value ok = CatalogExpressions.parse(a.check()).evaluate(scope);
                if (!(ok instanceof Value.Bool b)) {
                    problems.add(Problem.error(where, "the check '" + a.check() + "' of block type '" + def.id()
                            + "' gives " + ok.describe() + " instead of true or false"));
                } else if (!b.value()) {
                    problems.add(Problem.error(where, a.message()));
                }
            } catch (ExpressionException e) {
                problems.add(Problem.error(where, "the check '" + a.check() + "' of block type '" + def.id()
                        + "' cannot be evaluated: " + e.getMessage()));
            }
        }
    }

    /** Expands port definitions; {@code null} if one could not be resolved (problems recorded). */
    private List<ResolvedPort> ports(List<PortDef> defs, String kind, Map<String, Value> params,
                                     Map<String, Value> scope) {
        List<ResolvedPort> out = new ArrayList<>();
        boolean ok = true;
        for (PortDef p : defs) {
            String portWhere = where + " " + kind + " '" + p.name() + "'";
            Integer count = integer(p.count(), scope, portWhere, "number of ports", 0, MAX_PORT_COUNT);
            Integer vlen = integer(p.vlen(), scope, portWhere, "vector length", 1, Integer.MAX_VALUE);
            Dtype dtype = dtype(p, params, portWhere);
            if (count == null || vlen == null || dtype == null) {
                ok = false;
                continue;
            }
            for (int i = 0; i < count; i++) {
                String name = p.isMultiple() ? p.name() + i : p.name();
                out.add(new ResolvedPort(name, dtype, vlen, p.domainOr(def.domain()), p.optional()));
            }
        }
        return ok ? out : null;
    }

    private Integer integer(String expr, Map<String, Value> scope, String portWhere, String what, int min, int max) {
        Value v;
        try {
            v = CatalogExpressions.parse(expr).evaluate(scope);
        } catch (ExpressionException e) {
            problems.add(Problem.error(portWhere, "the " + what + " '" + Excerpt.of(expr) + "' cannot be evaluated: "
                    + e.getMessage()));
            return null;
        }
        boolean whole = v instanceof Value.Int
                || (v instanceof Value.Real r && r.value() == Math.rint(r.value()) && Double.isFinite(r.value()));
        if (!whole) {
            problems.add(Problem.error(portWhere, "the " + what + " '" + Excerpt.of(expr) + "' must be an integer, got "
                    + v.describe()));
            return null;
        }
        double d = v.asDouble();
        if (d < min || d > max) {
            problems.add(Problem.error(portWhere, "the " + what + " '" + Excerpt.of(expr) + "' = " + v.display()
                    + " must be between " + min + " and " + max));
            return null;
        }
        return (int) d;
    }

    private Dtype dtype(PortDef p, Map<String, Value> params, String portWhere) {
        if (!p.dtypeFromParam()) {
            return Dtype.fromId(p.dtype());
        }
        Value v = params.get(p.dtypeParam());
        if (v instanceof Value.Str s && s.value().equals(PortDef.SAME_AS_TYPE)) {
            v = params.get("type");
        }
        Dtype d = v instanceof Value.Str s ? Dtype.fromId(s.value()) : null;
        if (d == null) {
            // The catalog loader guarantees a $param names an enum of dtypes; this is a catalog built in code.
            problems.add(Problem.error(portWhere, "the port type '" + p.dtype() + "' does not name a dtype"));
        }
        return d;
    }
}
