package org.sigflow.format;

/**
 * One problem found in a {@code .graph} file.
 *
 * @param path   JSON path of the offending value, e.g. {@code $.blocks[2].params.freq}; {@code $} for the whole file
 * @param line   1-based line, or 0 when the problem is not at a place in the text (e.g. the file is missing)
 * @param column 1-based column (characters), or 0 with {@code line}
 */
public record FormatProblem(String path, int line, int column, String message) {

    public boolean isLocated() {
        return line > 0;
    }

    /** {@code 12:7 $.blocks[2].state: "paused" is not a block state ...}. */
    @Override
    public String toString() {
        return (isLocated() ? line + ":" + column + " " : "") + path + ": " + message;
    }
}
