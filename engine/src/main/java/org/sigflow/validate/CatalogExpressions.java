package org.sigflow.validate;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.sigflow.expr.Expression;
import org.sigflow.expr.ExpressionException;

/**
 * The catalog's own expressions (asserts, port counts and vector lengths), parsed once: they are the same texts for
 * every instance of a block type, so a graph of 2,000 blocks does not parse them 2,000 times. Only catalog texts are
 * kept (a few hundred, from the loaded block definitions), never a graph's; an expression is immutable.
 */
final class CatalogExpressions {
    private static final Map<String, Expression> PARSED = new ConcurrentHashMap<>();

    private CatalogExpressions() {}

    static Expression parse(String catalogText) throws ExpressionException {
        Expression e = PARSED.get(catalogText);
        if (e == null) {
            e = Expression.parse(catalogText); // a text that does not parse is not kept: it throws each time
            PARSED.putIfAbsent(catalogText, e);
        }
        return e;
    }
}
