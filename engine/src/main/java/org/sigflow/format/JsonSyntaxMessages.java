package org.sigflow.format;

import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns Jackson's parser messages into sentences a user can act on. Jackson's own text names Java features and
 * internal sources, so it is never shown verbatim; a message we do not recognise gets a generic sentence (the
 * line and column still point at the spot).
 */
final class JsonSyntaxMessages {
    private JsonSyntaxMessages() {}

    private static final Pattern UNEXPECTED_CHAR = Pattern.compile("Unexpected character \\('(.+?)' \\(code (\\d+)");
    private static final Pattern UNRECOGNIZED_TOKEN = Pattern.compile("Unrecognized token '(.*?)'");
    private static final Pattern CLOSE_MARKER = Pattern.compile("Unexpected close marker '(.)': expected '(.)'");
    private static final Pattern NON_STANDARD = Pattern.compile("Non-standard token '(.*?)'");

    static String explain(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (e instanceof StreamConstraintsException) {
            return explainLimit(m);
        }
        if (m.startsWith("Unexpected end-of-input")) {
            if (m.contains("closing quote")) {
                return "the file ends inside a string: a closing \" is missing (is the file truncated?)";
            }
            return "the file ends too early: a value, ']' or '}' is missing (is the file truncated?)";
        }
        Matcher close = CLOSE_MARKER.matcher(m);
        if (close.find()) {
            return "found '" + close.group(1) + "' where '" + close.group(2) + "' should close the open "
                    + (close.group(2).equals("}") ? "object" : "list");
        }
        Matcher ch = UNEXPECTED_CHAR.matcher(m);
        if (ch.find()) {
            String c = shown(ch.group(1), Integer.parseInt(ch.group(2)));
            if (m.contains("double-quote to start field name")) {
                return "expected a key in double quotes but found " + c
                        + (c.equals("'}'") ? " (a comma before the closing brace?)" : "");
            }
            if (m.contains("comma to separate Object entries")) {
                return "expected ',' or '}' after a value but found " + c + " (a missing comma?)";
            }
            if (m.contains("comma to separate Array entries")) {
                return "expected ',' or ']' after a list element but found " + c + " (a missing comma?)";
            }
            if (m.contains("colon to separate")) {
                return "expected ':' after the key but found " + c;
            }
            if (m.contains("comment")) {
                return "comments are not allowed in a .graph file";
            }
            if (m.contains("expected a value") || m.contains("expected a valid value")) {
                return "expected a value but found " + c + (c.equals("']'") || c.equals("'}'")
                        ? " (a comma before the closing bracket?)" : "");
            }
            if (m.contains("quote")) {
                return "strings must be in double quotes, found " + c;
            }
            return "unexpected character " + c;
        }
        Matcher tok = UNRECOGNIZED_TOKEN.matcher(m);
        if (tok.find()) {
            return "'" + abbreviate(tok.group(1)) + "' is not a JSON value (text needs double quotes; true, false "
                    + "and null are written in lower case)";
        }
        Matcher ns = NON_STANDARD.matcher(m);
        if (ns.find()) {
            return "'" + ns.group(1) + "' is not a JSON number";
        }
        if (m.startsWith("Illegal unquoted character")) {
            return "a control character (such as a line break or tab) inside a string must be escaped, e.g. \\n";
        }
        if (m.startsWith("Unrecognized character escape")) {
            return "invalid escape sequence in a string (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)";
        }
        if (m.contains("numeric value") || m.contains("Number value") || m.contains("in a Number")) {
            return "invalid number";
        }
        return "the file is not valid JSON here";
    }

    private static String explainLimit(String m) {
        if (m.contains("nesting depth")) {
            return "values are nested too deeply (more than " + GraphFormat.MAX_NESTING + " levels)";
        }
        if (m.contains("String value length")) {
            return "a text value is longer than the allowed " + GraphFormat.MAX_STRING_LENGTH + " characters";
        }
        if (m.contains("Number value length")) {
            return "a number has too many digits";
        }
        if (m.contains("Name length")) {
            return "a key is too long";
        }
        return "the file exceeds a size limit of the reader";
    }

    private static String shown(String quoted, int code) {
        if (code < 0x20 || code == 0x7f) {
            return String.format("control character U+%04X", code);
        }
        return "'" + quoted + "'";
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }
}
