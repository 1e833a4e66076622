package org.sigflow.expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedSet;
import org.sigflow.graph.Digraphs;

/**
 * Evaluates a graph's variables, which may refer to each other in any order. Each variable gets at most one
 * error; variables that depend on a failed one say so instead of repeating its error, and good variables still
 * get their values.
 */
public final class VariableResolver {
    private VariableResolver() {}

    /** Values of the variables that evaluated (in definition order) and one error per failed variable. */
    public record Resolution(Map<String, Value> values, List<VariableError> errors) {
        public Resolution {
            values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
            errors = List.copyOf(errors);
        }

        public boolean ok() {
            return errors.isEmpty();
        }
    }

    /** {@code position} is a 0-based index into the variable's expression text, or -1. */
    public record VariableError(String variable, String message, int position) {}

    /**
     * @param definitions name → expression text, in file order
     * @param overrides   values that replace variables' expressions (e.g. {@code --set name=value}); may be null
     */
    public static Resolution resolve(Map<String, String> definitions, Map<String, Value> overrides) {
        return new Run(definitions, overrides == null ? Map.of() : overrides).resolve();
    }

    private static final class Run {
        private final Map<String, String> definitions;
        private final Map<String, Value> overrides;
        private final Map<String, Value> values = new HashMap<>();
        private final Map<String, VariableError> errors = new HashMap<>();
        private final Map<String, Expression> parsed = new LinkedHashMap<>();
        private final List<VariableError> overrideErrors = new ArrayList<>();
        private final Map<String, List<String>> edges = new HashMap<>();

        Run(Map<String, String> definitions, Map<String, Value> overrides) {
            this.definitions = definitions;
            this.overrides = overrides;
        }

        Resolution resolve() {
            for (Map.Entry<String, String> d : definitions.entrySet()) {
                parseDefinition(d.getKey(), d.getValue());
            }
            for (Map.Entry<String, Value> o : overrides.entrySet()) {
                if (!definitions.containsKey(o.getKey())) {
                    overrideErrors.add(new VariableError(o.getKey(), "cannot set '" + o.getKey() + "': there is no such variable"
                            + Names.suggestion(String.valueOf(o.getKey()), definitions.keySet()), -1));
                }
            }
            checkUnknownReferences();
            evaluateAll();
            Map<String, Value> ordered = new LinkedHashMap<>();
            List<VariableError> errorList = new ArrayList<>();
            for (String name : definitions.keySet()) {
                if (values.containsKey(name)) {
                    ordered.put(name, values.get(name));
                }
                if (errors.containsKey(name)) {
                    errorList.add(errors.get(name));
                }
            }
            errorList.addAll(overrideErrors);
            return new Resolution(ordered, errorList);
        }

        private void parseDefinition(String name, String text) {
            String problem = Names.variableNameProblem(name);
            if (problem != null) {
                fail(name, problem, -1);
            } else if (overrides.containsKey(name)) {
                Value v = overrides.get(name);
                if (v == null) {
                    fail(name, "the value set for '" + name + "' is missing", -1);
                } else {
                    values.put(name, v);
                }
            } else if (text == null) {
                fail(name, "'" + name + "' has no expression", -1);
            } else {
                try {
                    parsed.put(name, Expression.parse(text));
                } catch (ExpressionException e) {
                    fail(name, e.detail(), e.position());
                }
            }
        }

        /** A name with a value unless the graph defines it ({@link Names#DEFAULTED}). */
        private boolean definedByDefault(String ref) {
            return !definitions.containsKey(ref) && Names.DEFAULTED.containsKey(ref);
        }

        private void checkUnknownReferences() {
            for (Map.Entry<String, Expression> p : parsed.entrySet()) {
                for (String ref : p.getValue().references()) {
                    if (!definitions.containsKey(ref) && !definedByDefault(ref)) {
                        fail(p.getKey(), "unknown variable '" + ref + "'" + Names.suggestion(ref, definitions.keySet()),
                                p.getValue().referencePosition(ref));
                        break;
                    }
                }
            }
        }

        /** Variables it refers to that are themselves computed from expressions. */
        private List<String> edges(String name) {
            return edges.computeIfAbsent(name, n -> {
                Expression e = parsed.get(n);
                return e == null ? List.of() : e.references().stream().filter(parsed::containsKey).toList();
            });
        }

        /**
         * Reports every cycle, then evaluates the variables dependencies first: the strongly connected components come
         * in that order, and the members of a cyclic one all have their error by the time they are reached.
         */
        private void evaluateAll() {
            List<SequencedSet<String>> components =
                    Digraphs.stronglyConnected(List.copyOf(parsed.keySet()), this::edges);
            for (SequencedSet<String> component : components) {
                if (Digraphs.isCyclic(component, this::edges)) {
                    reportComponent(component);
                }
            }
            for (SequencedSet<String> component : components) {
                component.forEach(this::evaluate);
            }
        }

        /**
         * Each member of a cycle gets its own path. One shortest cycle is found for the first member; members on it
         * reuse it (rotated), so a ring of thousands of variables costs linear time, not quadratic.
         */
        private void reportComponent(SequencedSet<String> component) {
            List<String> shared = Digraphs.shortestCycle(component.getFirst(), component, this::edges);
            Map<String, Integer> onShared = new HashMap<>();
            for (int i = 0; i < shared.size(); i++) {
                onShared.put(shared.get(i), i);
            }
            for (String member : component) {
                Integer offset = onShared.get(member);
                if (offset != null) {
                    reportCycle(member, shared, offset);
                } else {
                    reportCycle(member, Digraphs.shortestCycle(member, component, this::edges), 0);
                }
            }
        }

        /** Reports the cycle rotated to start at {@code offset}; long cycles are shortened in the message. */
        private void reportCycle(String variable, List<String> cycle, int offset) {
            int n = cycle.size();
            List<String> shown = new ArrayList<>();
            for (int i = 0; i <= n && i < 6; i++) {
                shown.add(cycle.get((offset + i) % n));
            }
            String path = String.join(" -> ", shown);
            if (n > 5) {
                path += " -> ... -> " + variable + " (" + n + " variables)";
            }
            String next = cycle.get((offset + 1) % n);
            fail(variable, "'" + variable + "' depends on itself: " + path, parsed.get(variable).referencePosition(next));
        }

        private void evaluate(String name) {
            if (errors.containsKey(name)) {
                return;
            }
            Expression e = parsed.get(name);
            for (String ref : e.references()) {
                if (errors.containsKey(ref) || (!values.containsKey(ref) && !definedByDefault(ref))) {
                    fail(name, "depends on '" + ref + "', which has an error", e.referencePosition(ref));
                    return;
                }
            }
            try {
                values.put(name, e.evaluate(Collections.unmodifiableMap(values)));
            } catch (ExpressionException ex) {
                fail(name, ex.detail(), ex.position());
            }
        }

        private void fail(String name, String message, int position) {
            errors.putIfAbsent(name, new VariableError(name, message, position));
        }
    }
}
