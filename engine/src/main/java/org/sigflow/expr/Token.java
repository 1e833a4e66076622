package org.sigflow.expr;

/** One lexical token; {@code value} is set for number and string literals. */
record Token(Kind kind, String text, int pos, Value value) {

    enum Kind { NUMBER, STRING, NAME, OP, EOF }

    boolean is(String op) {
        return kind == Kind.OP && text.equals(op);
    }

    boolean isKeyword(String word) {
        return kind == Kind.NAME && text.equals(word);
    }

    /** Whether this token can start an operand (used to say "missing operator"). */
    boolean startsOperand() {
        return switch (kind) {
            case NUMBER, STRING -> true;
            case NAME -> !Names.isOperatorKeyword(text);
            case OP -> text.equals("(") || text.equals("[");
            case EOF -> false;
        };
    }

    /** The token in the user's words, for messages. */
    String describe() {
        return switch (kind) {
            case EOF -> "end of expression";
            case STRING -> "string " + Names.abbreviate(text, 30);
            default -> "'" + Names.abbreviate(text, 30) + "'";
        };
    }
}
