package org.sigflow.expr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Splits expression text into tokens. Literals are converted to values here. */
final class Lexer {
    private static final List<String> OPERATORS = List.of(
            "**", "//", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "<", ">", "(", ")", "[", "]", ",", ":");

    /** Operators of other languages that users type by habit, with what to write instead. */
    private static final Map<String, String> MISTAKES = Map.ofEntries(
            Map.entry("&&", "use 'and' instead of '&&'"),
            Map.entry("||", "use 'or' instead of '||'"),
            Map.entry("<>", "use '!=' instead of '<>'"),
            Map.entry("=", "'=' is not an operator; use '==' to compare"),
            Map.entry("!", "use 'not' instead of '!'"),
            Map.entry("^", "'^' is not supported; use '**' for powers"),
            Map.entry("&", "'&' is not supported; use 'and'"),
            Map.entry("|", "'|' is not supported; use 'or'"),
            Map.entry("~", "'~' is not supported"),
            Map.entry(".", "'.' is not supported here (no attributes or methods)"),
            Map.entry("{", "use '[' and ']' for lists"),
            Map.entry("}", "use '[' and ']' for lists"));

    private final String text;
    private final List<Token> tokens = new ArrayList<>();
    private int pos;

    private Lexer(String text) {
        this.text = text;
    }

    static List<Token> tokenize(String text) throws ExpressionException {
        return new Lexer(text).run();
    }

    private List<Token> run() throws ExpressionException {
        while (true) {
            while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
                pos++;
            }
            if (pos >= text.length()) {
                tokens.add(new Token(Token.Kind.EOF, "", pos, null));
                return tokens;
            }
            char c = text.charAt(pos);
            if (isDigit(c) || (c == '.' && pos + 1 < text.length() && isDigit(text.charAt(pos + 1)))) {
                number();
            } else if (Names.isNameStart(c)) {
                int start = pos;
                while (pos < text.length() && Names.isNamePart(text.charAt(pos))) {
                    pos++;
                }
                tokens.add(new Token(Token.Kind.NAME, text.substring(start, pos), start, null));
            } else if (c == '\'' || c == '"') {
                string(c);
            } else {
                operator();
            }
        }
    }

    private void operator() throws ExpressionException {
        for (int len = 2; len >= 1; len--) {
            if (pos + len > text.length()) {
                continue;
            }
            String s = text.substring(pos, pos + len);
            if (OPERATORS.contains(s)) {
                tokens.add(new Token(Token.Kind.OP, s, pos, null));
                pos += len;
                return;
            }
            if (MISTAKES.containsKey(s)) {
                throw error(MISTAKES.get(s), pos);
            }
        }
        String ch = new String(Character.toChars(text.codePointAt(pos)));
        throw error("unexpected character '" + ch + "'", pos);
    }

    private void number() throws ExpressionException {
        int start = pos;
        if (text.charAt(pos) == '0' && pos + 1 < text.length() && "xXoObB".indexOf(text.charAt(pos + 1)) >= 0) {
            radixNumber(start);
            return;
        }
        String intDigits = digits(10, start);
        boolean real = false;
        if (peek() == '.') {
            pos++;
            real = true;
            digits(10, start);
        }
        if ((peek() == 'e' || peek() == 'E') && exponentFollows()) {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            digits(10, start);
            real = true;
        }
        String literal = text.substring(start, pos).replace("_", "");
        boolean imaginary = peek() == 'j' || peek() == 'J';
        if (imaginary) {
            pos++;
        }
        rejectTrailingLetters(start);
        Value value;
        if (imaginary) {
            value = new Value.Complex(0.0, Double.parseDouble(literal));
        } else if (real) {
            value = new Value.Real(Double.parseDouble(literal));
        } else {
            if (intDigits.length() > 1 && intDigits.charAt(0) == '0' && !intDigits.replace("0", "").replace("_", "").isEmpty()) {
                throw error("leading zeros are not allowed in '" + text.substring(start, pos) + "'", start);
            }
            // Past 19 digits it cannot fit in 64 bits; parseDouble rounds correctly and avoids slow huge BigIntegers.
            value = literal.length() > 19 ? new Value.Real(Double.parseDouble(literal)) : integer(new BigInteger(literal));
        }
        tokens.add(new Token(Token.Kind.NUMBER, text.substring(start, pos), start, value));
    }

    private void radixNumber(int start) throws ExpressionException {
        char kind = Character.toLowerCase(text.charAt(pos + 1));
        int radix = kind == 'x' ? 16 : kind == 'o' ? 8 : 2;
        pos += 2;
        String digits = digits(radix, start).replace("_", "");
        rejectTrailingLetters(start);
        if (digits.isEmpty()) {
            throw error("invalid number '" + text.substring(start, pos) + "'", start);
        }
        String significant = digits.replaceFirst("^0+(?=.)", "");
        Value value = significant.length() > 400 ? new Value.Real(Double.POSITIVE_INFINITY) // beyond 2^1024 anyway
                : integer(new BigInteger(significant, radix));
        tokens.add(new Token(Token.Kind.NUMBER, text.substring(start, pos), start, value));
    }

    /** Integers beyond 64 bits become reals, like integer arithmetic that overflows. */
    private static Value integer(BigInteger v) {
        return v.bitLength() < 64 ? new Value.Int(v.longValue()) : new Value.Real(v.doubleValue());
    }

    /** Reads digits with single underscores between them; returns the digits read. */
    private String digits(int radix, int start) throws ExpressionException {
        int from = pos;
        while (pos < text.length() && (text.charAt(pos) == '_' || isDigit(text.charAt(pos), radix))) {
            pos++;
        }
        String run = text.substring(from, pos);
        if (run.startsWith("_") || run.endsWith("_") || run.contains("__")) {
            rejectTrailingLetters(start);
            throw error("invalid number '" + text.substring(start, pos) + "' (put '_' only between digits)", start);
        }
        return run;
    }

    private boolean exponentFollows() {
        int p = pos + 1;
        if (p < text.length() && (text.charAt(p) == '+' || text.charAt(p) == '-')) {
            p++;
        }
        return p < text.length() && isDigit(text.charAt(p));
    }

    /** {@code 2pi}, {@code 3x}, {@code 1e}: a number glued to a name is almost always a missing '*'. */
    private void rejectTrailingLetters(int start) throws ExpressionException {
        if (pos < text.length() && Names.isNamePart(text.charAt(pos))) {
            while (pos < text.length() && Names.isNamePart(text.charAt(pos))) {
                pos++;
            }
            throw error("invalid number '" + Names.abbreviate(text.substring(start, pos), 30) + "' (missing '*'?)", start);
        }
    }

    private void string(char quote) throws ExpressionException {
        int start = pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string", start);
            }
            char c = text.charAt(pos);
            if (c == quote) {
                pos++;
                break;
            }
            if (c != '\\') {
                sb.append(c);
                pos++;
                continue;
            }
            if (pos + 1 >= text.length()) {
                throw error("unterminated string", start);
            }
            char e = text.charAt(pos + 1);
            switch (e) {
                case '\\', '\'', '"' -> sb.append(e);
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                case 'r' -> sb.append('\r');
                default -> throw error("unknown escape '\\" + e + "' in string (write '\\\\' for a backslash)", pos);
            }
            pos += 2;
        }
        tokens.add(new Token(Token.Kind.STRING, text.substring(start, pos), start, new Value.Str(sb.toString())));
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isDigit(char c, int radix) {
        return c < 128 && Character.digit(c, radix) >= 0;
    }

    private ExpressionException error(String detail, int position) {
        return new ExpressionException(detail, position, text);
    }
}
