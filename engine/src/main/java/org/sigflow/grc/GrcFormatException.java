package org.sigflow.grc;

/** A {@code .grc} file that cannot be read at all (missing, legacy XML, not YAML, not a flowgraph). */
public final class GrcFormatException extends Exception {
    private final String source;

    public GrcFormatException(String source, String message) {
        super(source + ": " + message);
        this.source = source;
    }

    public String source() {
        return source;
    }

    /** The message without the file name. */
    public String detail() {
        return getMessage().substring(source.length() + 2);
    }
}
