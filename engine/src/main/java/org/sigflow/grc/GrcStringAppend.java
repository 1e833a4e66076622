package org.sigflow.grc;

import java.util.regex.Pattern;

/**
 * SigFlow string expressions built from several GRC params ({@link GrcMapping.Rule#append()}): a SoapySDR device
 * string from a fixed {@code driver=…} and GRC's {@code dev_args}. Literals next to each other become one literal, so
 * the common case reads {@code 'driver=rtlsdr,serial=01'}; a string variable stays a term of a {@code +} sum.
 */
final class GrcStringAppend {
    /** One single-quoted SigFlow string literal, as {@link PythonExpressions#stringLiteral} writes it. */
    private static final Pattern LITERAL = Pattern.compile("'(?:[^'\\\\]|\\\\.)*'");

    private GrcStringAppend() {
    }

    /**
     * {@code current} with {@code piece} added after {@code separator}; {@code piece} (a string expression) is first
     * put into {@code template}'s {@code {}} when there is one. An empty piece adds nothing unless it has a template
     * (GNU Radio's {@code 'driver=' + driver} with an empty driver is {@code 'driver='}, which SoapySDR matches to no
     * device: the import must not turn it into "the first device found", for a transmitter least of all); an empty or
     * missing {@code current} takes the piece alone.
     */
    static String append(String current, String separator, String piece, String template) {
        if (isEmpty(piece) && template == null) {
            return current == null ? "''" : current;
        }
        String wrapped = piece;
        if (template != null) {
            int at = template.indexOf("{}");
            wrapped = plus(plus(PythonExpressions.stringLiteral(template.substring(0, at)), piece),
                    PythonExpressions.stringLiteral(template.substring(at + 2)));
        }
        if (current == null || isEmpty(current)) {
            return wrapped;
        }
        return plus(plus(current, PythonExpressions.stringLiteral(separator)), wrapped);
    }

    private static boolean isEmpty(String expr) {
        String s = expr.strip();
        return s.isEmpty() || s.equals("''") || s.equals("\"\"");
    }

    /** {@code a + b}, as one literal when both are literals; an empty literal side is left out. */
    private static String plus(String a, String b) {
        if (isEmpty(a)) {
            return b;
        }
        if (isEmpty(b)) {
            return a;
        }
        if (LITERAL.matcher(a).matches() && LITERAL.matcher(b).matches()) {
            return a.substring(0, a.length() - 1) + b.substring(1);
        }
        return a + " + " + b;
    }
}
