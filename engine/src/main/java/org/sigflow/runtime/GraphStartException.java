package org.sigflow.runtime;

/**
 * The graph could not be started for want of a resource (a block's thread), not because it is wrong: nothing of it
 * is left running and its rings are freed. The message is one line for the user.
 */
public final class GraphStartException extends RuntimeException {
    GraphStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
