package org.sigflow.catalog;

/** Value type of a block parameter. */
public enum ParamType {
    INT("int", "an integer"),
    REAL("real", "a real number"),
    COMPLEX("complex", "a complex number"),
    BOOL("bool", "true or false"),
    STRING("string", "a string"),
    FILE("file", "a file path (a string)"),
    ENUM("enum", "one of the options"),
    REAL_LIST("real_list", "a list of real numbers"),
    COMPLEX_LIST("complex_list", "a list of complex numbers"),
    /** Lists of complex numbers, e.g. OFDM carrier sets {@code [[-2, -1, 1, 2], [-1, 1]]} (tuples in GRC). */
    COMPLEX_LISTS("complex_lists", "a list of lists of numbers");

    private final String id;
    private final String expected;

    ParamType(String id, String expected) {
        this.id = id;
        this.expected = expected;
    }

    /** Name in catalog files, e.g. {@code real_list}. */
    public String id() {
        return id;
    }

    /** What a value must be, in the user's words ("an integer"), for "must be …" messages. */
    public String expected() {
        return expected;
    }

    /** Whether a {@code range} applies (to the value, or to each element of a list). */
    public boolean isRanged() {
        return this == INT || this == REAL || this == REAL_LIST;
    }

    /** Parses a catalog name; {@code null} if unknown. */
    public static ParamType fromId(String id) {
        for (ParamType t : values()) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        return null;
    }
}
