package org.sigflow.grc;

import java.util.Map;

/**
 * One block of a {@code .grc} file as written: instance name, GRC block type id, parameters as Python expression
 * text, and its canvas state.
 *
 * @param state the GRC state text: {@code enabled}, {@code disabled}, {@code bypassed} (legacy {@code True} is
 *              read as {@code enabled}, {@code False} as {@code disabled})
 */
record GrcBlock(String name, String id, Map<String, String> params, double x, double y, int rotation, String state) {

    String param(String key) {
        return params.get(key);
    }

    /** {@code name (id)}, as the report names a block. */
    String describe() {
        return name + " (" + id + ")";
    }
}
