package org.sigflow.format;

/** Constants of the {@code .graph} file format (see {@code docs/graph-format.md}). */
public final class GraphFormat {
    private GraphFormat() {}

    /** Value of the top-level {@code "format"} key. */
    public static final String FORMAT_ID = "sigflow-graph";

    /** The version this build writes, and the newest it reads. */
    public static final int CURRENT_VERSION = 1;

    /** Files above this size are refused before parsing: a graph is a few KiB; this is a guard, not a design limit. */
    public static final long MAX_FILE_BYTES = 32L * 1024 * 1024;

    /** Deepest nesting accepted; the format itself needs 4 levels. Guards the parser against stack exhaustion. */
    public static final int MAX_NESTING = 64;

    /** Longest string accepted (1 Mi characters), e.g. a block comment or a long list expression. */
    public static final int MAX_STRING_LENGTH = 1 << 20;

    /** Classpath location of the JSON Schema (draft 2020-12) that describes the format. */
    public static final String SCHEMA_RESOURCE = "sigflow/graph.schema.json";
}
