package org.sigflow.expr;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.text.DidYouMean;

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

    /**
     * Names with a value when the graph defines no variable of that name (a variable of the name replaces it):
     * {@code gpu_device}, the graph's GPU, which every CUDA block's and memory node's {@code device} defaults to.
     */
    static final Map<String, Value> DEFAULTED = Map.of("gpu_device", new Value.Int(0));

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
        return DidYouMean.hint(name, candidates);
    }

    static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }
}
