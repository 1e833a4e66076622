package org.sigflow.grc;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GNU Radio's {@code gr.python_to_tag({'offset': 0, 'key': pmt.intern('packet_len'), 'value': pmt.from_long(30),
 * 'srcid': pmt.intern('src')})} (also {@code gr.tag_utils.python_to_tag((offset, key, value, srcid))}) written
 * inline in a vector source's tags, as the tuple text that SigFlow's vector source reads:
 * {@code (0, pmt.intern('packet_len'), pmt.from_long(30), pmt.intern('src'))}. Text only; nothing is evaluated.
 */
final class GrcTagObjects {
    private static final Pattern CALL = Pattern.compile(
            "\\A\\s*gr\\.(?:tag_utils\\.)?python_to_tag\\s*\\(\\s*([({])(.*)([)}])\\s*\\)\\s*\\z", Pattern.DOTALL);
    private static final List<String> FIELDS = List.of("offset", "key", "value", "srcid");

    private GrcTagObjects() {}

    /** A GRC list of such calls as one string literal of their tuples, or null when it is not one. */
    static String literal(String grc) {
        String g = grc.strip();
        if (!(g.startsWith("[") && g.endsWith("]")) && !(g.startsWith("(") && g.endsWith(")"))) {
            return null;
        }
        List<String> calls = DesignCalls.splitArguments(g.substring(1, g.length() - 1));
        if (calls == null || calls.isEmpty()) {
            return null;
        }
        StringBuilder tuples = new StringBuilder();
        for (String call : calls) {
            String tuple = tuple(call);
            if (tuple == null) {
                return null;
            }
            tuples.append(tuple);
        }
        return PythonExpressions.stringLiteral(tuples.toString());
    }

    private static String tuple(String call) {
        Matcher m = CALL.matcher(call);
        if (!m.matches() || (m.group(1).equals("(") != m.group(3).equals(")"))) {
            return null;
        }
        List<String> args = DesignCalls.splitArguments(m.group(2));
        if (args == null || args.size() != 4) {
            return null;
        }
        String[] values = new String[4];
        for (int i = 0; i < 4; i++) {
            String a = args.get(i).strip();
            if (m.group(1).equals("{")) {
                Matcher kv = Pattern.compile("\\A(['\"])(\\w+)\\1\\s*:\\s*(.*)\\z", Pattern.DOTALL).matcher(a);
                int at = kv.matches() ? FIELDS.indexOf(kv.group(2)) : -1;
                if (at < 0 || values[at] != null) {
                    return null;
                }
                values[at] = kv.group(3).strip();
            } else {
                values[i] = a;
            }
        }
        return java.util.Arrays.asList(values).contains(null) ? null : "(" + String.join(", ", values) + ")";
    }
}
