package org.sigflow.message;

/** A PMT that cannot be read, written or used where it is (message in the user's words). */
public class PmtException extends IllegalArgumentException {
    public PmtException(String message) {
        super(message);
    }
}
