package org.sigflow.graph;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** Immutable, insertion-ordered copies: file order is user-visible (diffs, properties dialog), so it is kept. */
final class OrderedMaps {
    private OrderedMaps() {}

    static Map<String, String> copy(Map<String, String> source, String what) {
        Objects.requireNonNull(source, what);
        LinkedHashMap<String, String> copy = new LinkedHashMap<>();
        source.forEach((k, v) -> copy.put(Objects.requireNonNull(k, what + " key"),
                Objects.requireNonNull(v, () -> what + " '" + k + "' has no value")));
        return Collections.unmodifiableMap(copy);
    }
}
