package org.sigflow.expr;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Renames variable references inside expression text, leaving everything else (strings, numbers, spacing, names
 * not in the map) as it was. Used when a hier block's inner graph is flattened into its user's graph, where its
 * variables get the instance's prefix.
 */
public final class VariableRenaming {
    private VariableRenaming() {}

    /**
     * {@code text} with every name that is a key of {@code renames} replaced by its value. Text that does not
     * tokenize is returned unchanged (validation reports it where it ends up).
     */
    public static String rename(String text, Map<String, String> renames) {
        java.util.List<Token> tokens;
        try {
            tokens = Lexer.tokenize(text);
        } catch (ExpressionException e) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        int copied = 0;
        for (Token t : tokens) {
            String to = t.kind() == Token.Kind.NAME ? renames.get(t.text()) : null;
            if (to != null) {
                out.append(text, copied, t.pos()).append(to);
                copied = t.pos() + t.text().length();
            }
        }
        return out.append(text, copied, text.length()).toString();
    }

    /** The names {@code text} refers to (variables, functions and constants alike); empty if it does not tokenize. */
    public static Set<String> names(String text) {
        Set<String> names = new LinkedHashSet<>();
        try {
            for (Token t : Lexer.tokenize(text)) {
                if (t.kind() == Token.Kind.NAME && !Names.KEYWORDS.contains(t.text())) {
                    names.add(t.text());
                }
            }
        } catch (ExpressionException e) {
            // nothing known
        }
        return names;
    }
}
