package org.sigflow.validate;

/** A param value that cannot be used; the message is in the user's words and names the param. */
public final class ParamValueException extends Exception {
    public ParamValueException(String message) {
        super(message);
    }
}
