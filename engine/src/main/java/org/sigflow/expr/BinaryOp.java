package org.sigflow.expr;

/** Binary operators with the verb used in type errors ("cannot add string and real"). */
enum BinaryOp {
    ADD("+", "add"),
    SUB("-", "subtract"),
    MUL("*", "multiply"),
    DIV("/", "divide"),
    FLOOR_DIV("//", "floor-divide"),
    MOD("%", "take the remainder of"),
    POW("**", "raise"),
    EQ("==", "compare"),
    NE("!=", "compare"),
    LT("<", "compare"),
    LE("<=", "compare"),
    GT(">", "compare"),
    GE(">=", "compare");

    final String symbol;
    final String verb;

    BinaryOp(String symbol, String verb) {
        this.symbol = symbol;
        this.verb = verb;
    }

    static BinaryOp comparison(Token t) {
        if (t.kind() != Token.Kind.OP) {
            return null;
        }
        return switch (t.text()) {
            case "==" -> EQ;
            case "!=" -> NE;
            case "<" -> LT;
            case "<=" -> LE;
            case ">" -> GT;
            case ">=" -> GE;
            default -> null;
        };
    }

    String cannot(Value a, Value b) {
        return switch (this) {
            case POW -> "cannot raise " + a.typeName() + " to the power of " + b.typeName();
            case EQ, NE, LT, LE, GT, GE -> "cannot compare " + a.typeName() + " and " + b.typeName() + " with '" + symbol + "'";
            default -> "cannot " + verb + " " + a.typeName() + " and " + b.typeName();
        };
    }
}
