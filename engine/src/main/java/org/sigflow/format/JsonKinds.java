package org.sigflow.format;

import com.fasterxml.jackson.databind.JsonNode;

/** Names JSON values in user words for messages: {@code the number 3}, {@code text "abc"}, {@code a list}. */
final class JsonKinds {
    private JsonKinds() {}

    static String describe(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing";
        }
        if (v.isNull()) {
            return "null";
        }
        if (v.isTextual()) {
            String t = v.textValue();
            return "text \"" + (t.length() > 30 ? t.substring(0, 30) + "…" : t) + "\"";
        }
        if (v.isNumber()) {
            return "the number " + v.asText();
        }
        if (v.isBoolean()) {
            return v.asText();
        }
        if (v.isArray()) {
            return "a list";
        }
        return "an object";
    }

    /** An int-sized whole number; {@code 90.0} counts, as JSON (and JSON Schema) do not tell it from {@code 90}. */
    static boolean isWholeNumber(JsonNode v) {
        if (v == null || !v.isNumber()) {
            return false;
        }
        double d = v.doubleValue();
        return d == Math.rint(d) && d >= Integer.MIN_VALUE && d <= Integer.MAX_VALUE;
    }
}
