package org.sigflow.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Typed access to the keys of one JSON object of the file. A wrong or missing value is recorded as a problem and
 * a neutral stand-in is returned, so reading goes on and every problem of the file is reported at once.
 */
final class ObjectFields {
    private final ObjectNode node;
    private final String path;
    private final Problems problems;

    private ObjectFields(ObjectNode node, String path, Problems problems) {
        this.node = node;
        this.path = path;
        this.problems = problems;
    }

    /**
     * Fields of {@code value}, which must be an object ({@code null} and a problem otherwise). Keys outside
     * {@code known} are reported as warnings and ignored: they may come from a tool that adds its own data.
     */
    static ObjectFields of(JsonNode value, String path, Problems problems, String what, List<String> known) {
        if (!(value instanceof ObjectNode object)) {
            problems.error(path, what + " must be an object {…}, found " + JsonKinds.describe(value));
            return null;
        }
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!known.contains(key)) {
                problems.warning(JsonPaths.key(path, key), "unknown key \"" + key + "\" in " + what
                        + " is ignored (known keys: " + String.join(", ", known) + ")");
            }
        }
        return new ObjectFields(object, path, problems);
    }

    String path(String key) {
        return JsonPaths.key(path, key);
    }

    boolean has(String key) {
        return node.has(key);
    }

    /** A string value; {@code fallback} when absent and optional, or when wrong. */
    String string(String key, boolean required, String fallback) {
        JsonNode v = node.get(key);
        if (v == null) {
            if (required) {
                missing(key);
            }
            return fallback;
        }
        if (!v.isTextual()) {
            wrongType(key, "text in double quotes", v);
            return fallback;
        }
        return v.textValue();
    }

    /** A finite number; {@code fallback} when absent and optional, or when wrong. */
    double number(String key, boolean required, double fallback) {
        JsonNode v = node.get(key);
        if (v == null) {
            if (required) {
                missing(key);
            }
            return fallback;
        }
        if (!v.isNumber()) {
            wrongType(key, "a number", v);
            return fallback;
        }
        double d = v.doubleValue();
        if (!Double.isFinite(d)) {
            problems.error(path(key), "\"" + key + "\" is too large to be a coordinate");
            return fallback;
        }
        return d;
    }

    /** A whole number that fits an int; {@code fallback} when absent and optional, or when wrong. */
    int integer(String key, boolean required, int fallback) {
        JsonNode v = node.get(key);
        if (v == null) {
            if (required) {
                missing(key);
            }
            return fallback;
        }
        if (!JsonKinds.isWholeNumber(v)) {
            wrongType(key, "a whole number", v);
            return fallback;
        }
        return (int) v.doubleValue();
    }

    /** An object whose values are all strings, in file order; empty when absent. */
    Map<String, String> stringMap(String key, String what) {
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode v = node.get(key);
        if (v == null) {
            return out;
        }
        if (!(v instanceof ObjectNode object)) {
            wrongType(key, "an object {…}", v);
            return out;
        }
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            if (e.getValue().isTextual()) {
                out.put(e.getKey(), e.getValue().textValue());
            } else {
                problems.error(JsonPaths.key(path(key), e.getKey()), what + " \"" + e.getKey()
                        + "\" must be text in double quotes, found " + JsonKinds.describe(e.getValue())
                        + hintForExpression(e.getValue()));
            }
        }
        return out;
    }

    /** An array; empty when absent and optional, or when wrong. */
    ArrayNode array(String key, boolean required) {
        JsonNode v = node.get(key);
        if (v == null) {
            if (required) {
                missing(key);
            }
            return null;
        }
        if (!(v instanceof ArrayNode a)) {
            wrongType(key, "a list […]", v);
            return null;
        }
        return a;
    }

    JsonNode get(String key) {
        return node.get(key);
    }

    private void missing(String key) {
        problems.error(path, "the required key \"" + key + "\" is missing");
    }

    private void wrongType(String key, String expected, JsonNode found) {
        problems.error(path(key), "\"" + key + "\" must be " + expected + ", found " + JsonKinds.describe(found));
    }

    /** Numbers and booleans are common mistakes for expression values: say how to write them. */
    private static String hintForExpression(JsonNode v) {
        if (v.isNumber() || v.isBoolean()) {
            return " (write expressions as text, e.g. \"" + v.asText() + "\")";
        }
        return "";
    }
}
