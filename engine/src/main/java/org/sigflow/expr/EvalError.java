package org.sigflow.expr;

/**
 * Internal unchecked failure while evaluating; {@link Expression#evaluate} turns it into an
 * {@link ExpressionException}. The position is filled in by the evaluator when the thrower does not know it.
 */
final class EvalError extends RuntimeException {
    final int position;

    EvalError(String detail) {
        this(detail, -1);
    }

    EvalError(String detail, int position) {
        super(detail, null, false, false);
        this.position = position;
    }

    EvalError at(int pos) {
        return position >= 0 ? this : new EvalError(getMessage(), pos);
    }
}
