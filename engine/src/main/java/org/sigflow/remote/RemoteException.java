package org.sigflow.remote;

/** The remote engine could not be reached, refused the token, or answered with an error: one line for the user. */
public final class RemoteException extends Exception {
    public RemoteException(String message) {
        super(message);
    }

    public RemoteException(String message, Throwable cause) {
        super(message, cause);
    }
}
