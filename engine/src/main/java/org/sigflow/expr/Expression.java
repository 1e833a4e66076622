package org.sigflow.expr;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A parsed expression of the SigFlow expression language (see docs/expressions.md). Parsing never executes
 * anything; evaluation is pure and deterministic, and any failure is an {@link ExpressionException}.
 * Immutable and thread-safe.
 */
public final class Expression {
    private final String text;
    private final Node root;
    private final Map<String, Integer> references;

    private Expression(String text, Node root, Map<String, Integer> references) {
        this.text = text;
        this.root = root;
        this.references = Collections.unmodifiableMap(references);
    }

    public static Expression parse(String text) throws ExpressionException {
        Objects.requireNonNull(text, "text");
        try {
            Parser.Result result = Parser.parse(text);
            return new Expression(text, result.root(), result.references());
        } catch (StackOverflowError e) {
            throw new ExpressionException("expression is too complex", -1, text);
        } catch (RuntimeException e) {
            throw new ExpressionException("internal error: " + e, -1, text); // a bug; tests check it never happens
        }
    }

    /** Evaluates with {@code scope} giving the values of variables. */
    public Value evaluate(Map<String, Value> scope) throws ExpressionException {
        Objects.requireNonNull(scope, "scope");
        try {
            return new Evaluator(scope).eval(root);
        } catch (EvalError e) {
            throw new ExpressionException(e.getMessage(), e.position, text);
        } catch (ValueTypeException | ArithmeticException e) {
            throw new ExpressionException(e.getMessage(), -1, text);
        } catch (StackOverflowError e) {
            throw new ExpressionException("expression is too complex to evaluate", -1, text);
        } catch (RuntimeException e) {
            throw new ExpressionException("internal error: " + e, -1, text); // a bug; tests check it never happens
        }
    }

    /** Names of the variables the expression uses, in order of first use (not functions or constants). */
    public Set<String> references() {
        return references.keySet();
    }

    /** Where {@code variable} is first used in the text, or -1. */
    int referencePosition(String variable) {
        return references.getOrDefault(variable, -1);
    }

    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }
}
