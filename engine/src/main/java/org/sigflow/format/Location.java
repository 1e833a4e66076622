package org.sigflow.format;

/** 1-based line and column of a value in the file's text. */
public record Location(int line, int column) {
    public static final Location UNKNOWN = new Location(0, 0);
}
