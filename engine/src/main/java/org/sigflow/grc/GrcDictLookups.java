package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sigflow.expr.Expression;
import org.sigflow.expr.Value;

/**
 * A GRC variable holding a Python dict with literal keys ({@code preamble_select = {1: preamble_dummy, 3:
 * preamble_rep}}, packet_rx.grc) looked up elsewhere with a key that evaluates from the flowgraph's variables at
 * import ({@code preamble_select[int(1.0/hdr_dec.rate())]}, the rate being a number by then): the lookup becomes the
 * chosen entry's value, as written, and the dict variable, then unused, is left out. SigFlow's expressions have no
 * dicts; a key that does not evaluate, or is not in the dict, keeps the lookup as written (reported).
 */
final class GrcDictLookups {
    private static final Pattern DICT = Pattern.compile("(?s)\\A\\s*\\{(.*)}\\s*\\z");

    private GrcDictLookups() {}

    static GrcFlowgraph apply(GrcFlowgraph fg, ImportReport.Builder report) {
        Map<String, Map<String, String>> dicts = new LinkedHashMap<>();
        for (GrcBlock b : fg.blocks()) {
            Matcher m = DICT.matcher(b.params().getOrDefault("value", ""));
            if (b.id().equals("variable") && !"disabled".equals(b.state()) && m.matches()) {
                Map<String, String> entries = entries(m.group(1));
                if (entries != null) {
                    dicts.put(b.name(), entries);
                }
            }
        }
        if (dicts.isEmpty()) {
            return fg;
        }
        Map<String, Value> scope = null;
        List<GrcBlock> blocks = new ArrayList<>();
        for (GrcBlock b : fg.blocks()) {
            Map<String, String> p = new LinkedHashMap<>(b.params());
            for (Map.Entry<String, String> e : p.entrySet()) {
                for (Map.Entry<String, Map<String, String>> d : dicts.entrySet()) {
                    if (e.getValue().contains(d.getKey() + "[")) {
                        scope = scope != null ? scope : GrcTrellisObjects.scope(fg);
                        e.setValue(lookups(e.getValue(), d.getKey(), d.getValue(), scope, b, report));
                    }
                }
            }
            blocks.add(new GrcBlock(b.name(), b.id(), p, b.x(), b.y(), b.rotation(), b.state()));
        }
        blocks.removeIf(b -> dicts.containsKey(b.name()) && b.id().equals("variable") && unused(b.name(), blocks)
                && note(b, report));
        return new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems());
    }

    /** Literal keys (numbers, quoted strings, as their evaluated text) → the value as written; null if not so. */
    private static Map<String, String> entries(String body) {
        List<String> items = DesignCalls.splitArguments(body);
        if (items == null) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String item : items) {
            int colon = item.indexOf(':');
            if (item.isBlank()) {
                continue;
            }
            if (colon < 0) {
                return null;
            }
            String key = key(item.substring(0, colon).strip());
            if (key == null) {
                return null;
            }
            out.put(key, item.substring(colon + 1).strip());
        }
        return out;
    }

    private static String key(String literal) {
        try {
            Value v = Expression.parse(literal).evaluate(Map.of());
            return v instanceof Value.Int || v instanceof Value.Str ? v.display() : null;
        } catch (org.sigflow.expr.ExpressionException | RuntimeException e) {
            return null;
        }
    }

    /** Each {@code name[key]} in {@code text} whose key evaluates to an entry, replaced by that entry. */
    private static String lookups(String text, String name, Map<String, String> dict, Map<String, Value> scope,
                                  GrcBlock b, ImportReport.Builder report) {
        StringBuilder out = new StringBuilder();
        Matcher m = Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "\\[").matcher(text);
        int at = 0;
        while (m.find(at)) {
            int close = closing(text, m.end());
            if (close < 0) {
                break;
            }
            String python = text.substring(m.end(), close);
            String entry = null;
            PythonExpressions.Translation t = PythonExpressions.translate(python, scope.keySet());
            try {
                Value key = t.ok() ? Expression.parse(t.text()).evaluate(scope) : null;
                entry = key == null ? null : dict.get(key.display());
            } catch (org.sigflow.expr.ExpressionException | RuntimeException e) {
                entry = null;
            }
            out.append(text, at, m.start());
            if (entry == null) {
                report.attention("block " + b.describe(), "the dict lookup " + name + "[" + python + "] is kept as "
                        + "written: its key does not evaluate from the flowgraph's variables to one of "
                        + dict.keySet());
                out.append(text, m.start(), close + 1);
            } else {
                out.append('(').append(entry).append(')');
            }
            at = close + 1;
        }
        return out.append(text.substring(at)).toString();
    }

    /** The index of the ']' closing the bracket opened before {@code from}, or -1. */
    private static int closing(String text, int from) {
        int depth = 1;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '[' || c == '(' || c == '{') {
                depth++;
            } else if (c == ']' || c == ')' || c == '}') {
                if (--depth == 0) {
                    return c == ']' ? i : -1;
                }
            }
        }
        return -1;
    }

    private static boolean unused(String name, List<GrcBlock> blocks) {
        Pattern use = Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "(?!\\w)");
        return blocks.stream().filter(b -> !b.name().equals(name)).flatMap(b -> b.params().entrySet().stream())
                .filter(e -> !e.getKey().equals("comment")).noneMatch(e -> use.matcher(e.getValue()).find());
    }

    private static boolean note(GrcBlock b, ImportReport.Builder report) {
        report.note("variable " + b.describe(), "a Python dict, looked up only with keys known at import (each "
                + "lookup became the chosen entry): not imported as a variable");
        return true;
    }
}
