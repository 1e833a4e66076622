package org.sigflow.cli;

/** Wrong command-line use: the message says what, and the CLI exits with code 2. */
final class UsageException extends Exception {
    UsageException(String message) {
        super(message);
    }
}
