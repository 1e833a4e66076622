package org.sigflow.expr;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Keywords, built-in constants, identifier rules and "did you mean" suggestions. */
final class Names {
    private Names() {}

    /** Words with a meaning in the grammar; none of them can name a variable. */
    static final Set<String> KEYWORDS = Set.of("and", "or", "not", "if", "else", "true", "false", "True", "False");

    static final Map<String, Value> CONSTANTS = Map.of(
            "pi", new Value.Real(Math.PI),
            "e", new Value.Real(Math.E),
            "inf", new Value.Real(Double.POSITIVE_INFINITY),
            "nan", new Value.Real(Double.NaN));

    static boolean isOperatorKeyword(String word) {
        return KEYWORDS.contains(word) && !List.of("true", "false", "True", "False").contains(word);
    }

    static boolean isNameStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    static boolean isNamePart(char c) {
        return isNameStart(c) || (c >= '0' && c <= '9');
    }

    static boolean isIdentifier(String s) {
        if (s == null || s.isEmpty() || !isNameStart(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!isNamePart(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Why {@code name} cannot name a variable, or null when it can. */
    static String variableNameProblem(String name) {
        if (name == null || name.isEmpty()) {
            return "a variable name cannot be empty";
        }
        if (!isIdentifier(name)) {
            return "'" + abbreviate(name, 40) + "' is not a valid variable name"
                    + " (use letters, digits and '_', not starting with a digit)";
        }
        if (KEYWORDS.contains(name)) {
            return "'" + name + "' is a reserved word and cannot be a variable name";
        }
        if (Functions.get(name) != null) {
            return "'" + name + "' is a built-in function and cannot be a variable name";
        }
        if (CONSTANTS.containsKey(name)) {
            return "'" + name + "' is a built-in constant and cannot be a variable name";
        }
        return null;
    }

    /** " (did you mean 'x'?)" for the closest candidate within a small edit distance, else "". */
    static String suggestion(String name, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        int allowed = Math.max(1, Math.min(3, name.length() / 3));
        for (String c : candidates) {
            if (c == null || Math.abs(c.length() - name.length()) > allowed) {
                continue;
            }
            int d = c.equalsIgnoreCase(name) ? 0 : distance(name, c);
            if (d <= allowed && d < name.length() && (d < bestDistance || (d == bestDistance && c.compareTo(best) < 0))) {
                best = c;
                bestDistance = d;
            }
        }
        return best == null ? "" : " (did you mean '" + best + "'?)";
    }

    /** Optimal string alignment distance: edits, with swapping two neighbours counting as one. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }
}
