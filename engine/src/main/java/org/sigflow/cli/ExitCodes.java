package org.sigflow.cli;

/** The CLI's exit codes, documented in the README. */
final class ExitCodes {
    /** Success (a run that completed, or was stopped by Ctrl-C or --seconds). */
    static final int OK = 0;
    /** The graph ran and a block failed, or an internal error. */
    static final int RUNTIME_FAILURE = 1;
    /** Invalid input: bad command line, missing or malformed file, newer format, unknown block, bad expression. */
    static final int INVALID_INPUT = 2;
    /** {@code import}: the .graph was written, but parts of the GRC flowgraph need attention (see the report). */
    static final int PARTIAL_IMPORT = 3;
    /** {@code run}: the graph is not trusted and would reach beyond its folder or the loopback (see --trust). */
    static final int UNTRUSTED = 4;

    private ExitCodes() {}
}
