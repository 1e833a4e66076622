package org.sigflow.expr;

/**
 * A syntax or evaluation error in an expression, in the user's words. {@link #getMessage()} is the detail plus
 * " at column N" (N = position + 1, counted from 1 as editors do) when the position is known.
 */
public final class ExpressionException extends Exception {
    private final String detail;
    private final int position;
    private final String text;

    public ExpressionException(String detail, int position, String text) {
        super(position >= 0 ? detail + " at column " + (position + 1) : detail);
        this.detail = detail;
        this.position = position;
        this.text = text;
    }

    /** The message without the position, e.g. {@code division by zero}. */
    public String detail() {
        return detail;
    }

    /** 0-based index of the offending character in {@link #text()}, or -1 when the error has no single place. */
    public int position() {
        return position;
    }

    /** The expression text the error is about. */
    public String text() {
        return text;
    }
}
