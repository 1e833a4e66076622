package org.sigflow.expr;

import java.util.Map;

/** Conveniences over {@link Expression}. */
public final class Expressions {
    private Expressions() {}

    /** Parses and evaluates {@code text} in one go. */
    public static Value evaluate(String text, Map<String, Value> scope) throws ExpressionException {
        return Expression.parse(text).evaluate(scope);
    }
}
