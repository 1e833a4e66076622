package org.sigflow.grc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sigflow.message.PmtExpressions;

/**
 * A GNU Radio PMT constructor written in Python ({@code pmt.intern("SYS_TIME")}, {@code pmt.from_double(val)},
 * {@code pmt.cons(pmt.PMT_NIL, v)}, {@code pmt.init_c32vector(N, np.arange(N).tolist())}) as a SigFlow string
 * expression of its text, which SigFlow's PMT params read: literal parts stay text, and an argument that uses
 * variables becomes {@code str(…)} of its translation, so {@code --set} still changes it. Nothing is executed.
 */
final class GrcPmtText {
    private static final Pattern CALL = Pattern.compile("\\A\\s*(pmt\\.\\w+)\\s*\\((.*)\\)\\s*\\z", Pattern.DOTALL);

    private GrcPmtText() {}

    /** The string expression, or null when the text is no PMT constructor (or an argument cannot be translated). */
    static String expression(String python, Set<String> variables, Map<String, String> types) {
        if (!python.strip().startsWith("pmt.")) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        if (!append(python.strip(), variables, types, parts, literal)) {
            return null;
        }
        flush(parts, literal);
        return String.join(" + ", parts);
    }

    private static boolean append(String text, Set<String> variables, Map<String, String> types, List<String> parts,
                                  StringBuilder literal) {
        if (isLiteral(text)) {
            literal.append(text);
            return true;
        }
        Matcher m = CALL.matcher(text);
        if (m.matches()) {
            List<String> args = DesignCalls.splitArguments(m.group(2));
            if (args == null) {
                return false;
            }
            literal.append(m.group(1)).append('(');
            for (int i = 0; i < args.size(); i++) {
                literal.append(i == 0 ? "" : ", ");
                if (!append(args.get(i).strip(), variables, types, parts, literal)) {
                    return false;
                }
            }
            literal.append(')');
            return true;
        }
        if (text.startsWith("pmt.")) {
            return false;
        }
        // numpy's .tolist() gives the list that SigFlow's expressions hold already
        String expr = text.endsWith(".tolist()") ? text.substring(0, text.length() - ".tolist()".length()) : text;
        PythonExpressions.Translation t = PythonExpressions.translate(GrcVariables.expand(expr), variables, types);
        if (!t.ok()) {
            return false;
        }
        flush(parts, literal);
        parts.add("str(" + t.text().strip() + ")");
        return true;
    }

    private static boolean isLiteral(String text) {
        try {
            PmtExpressions.parse(text);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static void flush(List<String> parts, StringBuilder literal) {
        if (!literal.isEmpty()) {
            // quoted as it is (stringLiteral would strip it, and unquote a piece such as "k")
            parts.add("'" + literal.toString().replace("\\", "\\\\").replace("'", "\\'") + "'");
            literal.setLength(0);
        }
    }
}
