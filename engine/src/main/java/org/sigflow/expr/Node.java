package org.sigflow.expr;

import java.util.List;

/** Syntax tree of a parsed expression; {@code pos} is where the node's operator or first token is in the text. */
sealed interface Node {
    int pos();

    record Literal(Value value, int pos) implements Node {}

    record Name(String name, int pos) implements Node {}

    record ListLiteral(List<Node> items, int pos) implements Node {}

    record Call(Functions.Function function, List<Node> args, int pos) implements Node {}

    record Unary(UnaryOp op, Node operand, int pos) implements Node {}

    /** {@code **} and comparisons. */
    record Binary(Node left, BinaryOp op, Node right, int pos) implements Node {}

    /**
     * A left-associative run of same-precedence operators ({@code a + b - c}), kept flat so that long sums
     * do not make the tree (and the evaluator's recursion) deep.
     */
    record Chain(Node first, List<Step> steps) implements Node {
        public int pos() {
            return first.pos();
        }
    }

    record Step(BinaryOp op, Node operand, int pos) {}

    /** {@code a and b and c} / {@code a or b}, short-circuit. */
    record Logical(boolean isAnd, List<Node> operands, int pos) implements Node {}

    /** {@code x[i]} ({@code slice} false, {@code from} set) or {@code x[a:b:c]} (any of the three may be null). */
    record Index(Node target, boolean slice, Node from, Node to, Node step, int pos) implements Node {}

    record Conditional(Node then, Node condition, Node otherwise, int pos) implements Node {}

    enum UnaryOp { NEG, POS, NOT }
}
