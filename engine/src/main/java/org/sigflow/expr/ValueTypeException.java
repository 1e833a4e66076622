package org.sigflow.expr;

/** A value of the wrong type for where it is used (e.g. a string where a number is needed). */
public final class ValueTypeException extends RuntimeException {
    public ValueTypeException(String message) {
        super(message);
    }
}
