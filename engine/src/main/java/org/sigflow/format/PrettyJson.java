package org.sigflow.format;

import java.math.BigDecimal;
import java.util.Map;

/**
 * A minimal JSON emitter with one fixed layout: 2-space indent, {@code "key": value}, {@code \n} line ends, empty
 * containers as {@code {}} / {@code []}, non-ASCII written as UTF-8. Written by hand rather than through a
 * configurable pretty printer so that the bytes of a saved file cannot change with a library's defaults.
 */
final class PrettyJson {
    private final StringBuilder out = new StringBuilder(4096);
    private int depth;
    /** Whether the current container already has an element (a comma is needed before the next). */
    private boolean hasElement;

    PrettyJson beginObject() {
        return open('{');
    }

    PrettyJson endObject() {
        return close('}');
    }

    PrettyJson beginArray() {
        return open('[');
    }

    PrettyJson endArray() {
        return close(']');
    }

    /** Starts a value inside an array. */
    PrettyJson element() {
        separate();
        return this;
    }

    /** Writes a key inside an object; the next call writes its value. */
    PrettyJson key(String key) {
        separate();
        string(key);
        out.append(": ");
        return this;
    }

    PrettyJson field(String key, String value) {
        return key(key).value(value);
    }

    PrettyJson field(String key, double value) {
        key(key);
        out.append(number(value));
        return this;
    }

    PrettyJson field(String key, long value) {
        key(key);
        out.append(value);
        return this;
    }

    /** An object of string values, in map order. */
    PrettyJson field(String key, Map<String, String> values) {
        key(key).beginObject();
        values.forEach(this::field);
        return endObject();
    }

    PrettyJson value(String s) {
        string(s);
        return this;
    }

    String finish() {
        return out.append('\n').toString();
    }

    private PrettyJson open(char c) {
        out.append(c);
        depth++;
        hasElement = false;
        return this;
    }

    private PrettyJson close(char c) {
        depth--;
        if (hasElement) {
            newline();
        }
        out.append(c);
        hasElement = true; // the closed container is an element of its parent
        return this;
    }

    private void separate() {
        if (hasElement) {
            out.append(',');
        }
        newline();
        hasElement = true;
    }

    private void newline() {
        out.append('\n');
        out.repeat(' ', 2 * depth);
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c == 0x7f || isLoneSurrogate(s, i)) {
                        // Lone surrogates cannot be encoded in UTF-8; the escape keeps them lossless.
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                        if (Character.isHighSurrogate(c)) {
                            out.append(s.charAt(++i));
                        }
                    }
                }
            }
        }
        out.append('"');
    }

    private static boolean isLoneSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        }
        return Character.isLowSurrogate(c);
    }

    /**
     * The canonical text of a finite double: integers without a fraction ({@code 120}), others as the shortest
     * decimal that reads back to the same double, never in exponent notation ({@code 0.00001}).
     */
    static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return new BigDecimal(Double.toString(d)).stripTrailingZeros().toPlainString();
    }
}
