package org.sigflow.graph;

import java.util.Locale;

/** Whether a block instance takes part in running the graph. */
public enum BlockState {
    /** Runs normally. */
    ENABLED,
    /** Ignored together with every connection touching it. */
    DISABLED,
    /** Removed; its single input is joined straight to its single output. */
    BYPASSED;

    /** Name in {@code .graph} files: {@code enabled}, {@code disabled}, {@code bypassed}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a file name; {@code null} if unknown. Case-sensitive, as written by {@link #id()}. */
    public static BlockState fromId(String id) {
        for (BlockState s : values()) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        return null;
    }
}
