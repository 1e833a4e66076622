package org.sigflow.format;

/** 1-based line and column of a value in the file's text. */
record Location(int line, int column) {
    static final Location UNKNOWN = new Location(0, 0);
}
