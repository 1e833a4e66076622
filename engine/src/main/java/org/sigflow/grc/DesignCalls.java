package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises a GRC value that is a call the mapping knows ({@code firdes.low_pass(1, samp_rate, 5e3, 1e3,
 * window.WIN_HAMMING)}) and turns it into params of the block (designed taps: {@code filter}, {@code gain},
 * {@code samp_rate}, {@code cutoff}, …). Positional arguments, and keyword arguments where the mapping names them;
 * every argument is translated like any value.
 */
final class DesignCalls {
    private static final Pattern CALL = Pattern.compile("\\A(?:filter\\.)?([A-Za-z_][\\w.]*)\\s*\\((.*)\\)\\z",
            Pattern.DOTALL);

    private DesignCalls() {}

    /** The params the call sets, or a problem; {@code null} when {@code grc} is not one of the calls. */
    record Match(Map<String, String> params, String problem) {}

    /**
     * @param translate an expression argument → its translation
     */
    static Match match(String grc, Map<String, GrcMapping.Call> calls,
                       Function<String, PythonExpressions.Translation> translate) {
        // a GNU Radio object's .base() (constellations) is the object itself
        Matcher m = CALL.matcher(grc.strip().replaceFirst("\\.base\\(\\)\\s*\\z", ""));
        if (!m.matches() || !calls.containsKey(m.group(1))) {
            return null;
        }
        GrcMapping.Call call = calls.get(m.group(1));
        List<String> args = splitArguments(m.group(2));
        List<String> params0 = args == null ? null : bindArguments(args, call);
        if (params0 == null) {
            return new Match(null, "a " + m.group(1) + " call with more, keyword or malformed arguments; SigFlow "
                    + "reads " + m.group(1) + "(" + String.join(", ", call.names().isEmpty() ? call.args()
                    : call.names()) + ")" + (call.names().isEmpty() ? " with positional arguments" : ""));
        }
        Map<String, String> params = new LinkedHashMap<>(call.set());
        for (int i = 0; i < params0.size(); i++) {
            String param = call.args().get(i);
            String arg = params0.get(i);
            if (arg == null || param.equals(GrcMapping.Call.DROPPED)) {
                continue;
            }
            arg = arg.strip();
            Map<String, String> values = call.argValues().get(param);
            if (values != null) {
                String v = new GrcMapping.Rule(param, values, Map.of(), null).lookup(arg);
                if (v == null) {
                    return new Match(null, "argument " + (i + 1) + " of " + m.group(1) + " ('" + arg + "') has no "
                            + "SigFlow counterpart");
                }
                params.put(param, v);
            } else {
                PythonExpressions.Translation t = translate.apply(arg);
                if (!t.ok()) {
                    return new Match(null, "argument " + (i + 1) + " of " + m.group(1) + ": " + t.problem());
                }
                params.put(param, t.text());
            }
        }
        return new Match(params, null);
    }

    private static final Pattern KEYWORD = Pattern.compile("(?s)\\s*([A-Za-z_]\\w*)\\s*=(?!=)(.*)");

    /**
     * The argument text for each of the call's args in order ({@code null}: not given): positional arguments first,
     * then keyword arguments named as in {@code call.names()}; {@code null} when there are too many, an unknown or
     * repeated keyword, or a positional argument after a keyword.
     */
    private static List<String> bindArguments(List<String> args, GrcMapping.Call call) {
        List<String> bound = new ArrayList<>(java.util.Collections.nCopies(call.args().size(), (String) null));
        boolean keywords = false;
        for (int i = 0; i < args.size(); i++) {
            Matcher k = KEYWORD.matcher(args.get(i));
            if (k.matches()) {
                int at = call.names().indexOf(k.group(1));
                if (at < 0 || bound.get(at) != null) {
                    return null;
                }
                bound.set(at, k.group(2));
                keywords = true;
            } else if (keywords || i >= bound.size()) {
                return null;
            } else {
                bound.set(i, args.get(i));
            }
        }
        return bound;
    }

    /** Top-level comma-separated arguments (brackets and strings respected), or {@code null} if unbalanced. */
    static List<String> splitArguments(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                if (--depth < 0) {
                    return null;
                }
            } else if (c == ',' && depth == 0) {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        if (depth != 0 || quote != 0) {
            return null;
        }
        String last = s.substring(start);
        if (!last.isBlank() || !out.isEmpty()) {
            out.add(last);
        }
        return out;
    }
}
