package org.sigflow.expr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Recursive-descent parser, one method per precedence level (lowest first). Nesting is counted so that hostile
 * input gets a clear error instead of a StackOverflowError; functions are resolved and their argument counts
 * checked here, so such mistakes show up without evaluating.
 */
final class Parser {
    static final int MAX_LENGTH = 100_000;
    static final int MAX_DEPTH = 200;

    private final String text;
    private final List<Token> tokens;
    private final Map<String, Integer> references = new LinkedHashMap<>();
    private int index;
    private int depth;

    private Parser(String text, List<Token> tokens) {
        this.text = text;
        this.tokens = tokens;
    }

    record Result(Node root, Map<String, Integer> references) {}

    static Result parse(String text) throws ExpressionException {
        if (text.length() > MAX_LENGTH) {
            throw new ExpressionException("expression is too long (" + String.format("%,d", text.length()) + " characters; the limit is "
                    + String.format("%,d", MAX_LENGTH) + ")", -1, text);
        }
        Parser p = new Parser(text, Lexer.tokenize(text));
        if (p.peek().kind() == Token.Kind.EOF) {
            throw new ExpressionException("empty expression", -1, text);
        }
        Node root = p.expression();
        if (p.peek().kind() != Token.Kind.EOF) {
            throw p.unexpected(p.peek());
        }
        return new Result(root, p.references);
    }

    private Node expression() throws ExpressionException {
        Node then = or();
        Token ifToken = peek();
        if (!ifToken.isKeyword("if")) {
            return then;
        }
        next();
        Node condition = or();
        if (!peek().isKeyword("else")) {
            throw error("expected 'else' (write: x if condition else y)", peek().pos());
        }
        enter(next());
        Node otherwise = expression();
        depth--;
        return new Node.Conditional(then, condition, otherwise, ifToken.pos());
    }

    private Node or() throws ExpressionException {
        Node first = and();
        if (!peek().isKeyword("or")) {
            return first;
        }
        List<Node> operands = new ArrayList<>(List.of(first));
        while (peek().isKeyword("or")) {
            next();
            operands.add(and());
        }
        return new Node.Logical(false, operands, first.pos());
    }

    private Node and() throws ExpressionException {
        Node first = not();
        if (!peek().isKeyword("and")) {
            return first;
        }
        List<Node> operands = new ArrayList<>(List.of(first));
        while (peek().isKeyword("and")) {
            next();
            operands.add(not());
        }
        return new Node.Logical(true, operands, first.pos());
    }

    private Node not() throws ExpressionException {
        Token t = peek();
        if (!t.isKeyword("not")) {
            return comparison();
        }
        enter(next());
        Node operand = not();
        depth--;
        return new Node.Unary(Node.UnaryOp.NOT, operand, t.pos());
    }

    private Node comparison() throws ExpressionException {
        Node left = additive();
        BinaryOp op = BinaryOp.comparison(peek());
        if (op == null) {
            return left;
        }
        Token t = next();
        Node right = additive();
        if (BinaryOp.comparison(peek()) != null) {
            throw error("chained comparisons like 'a < b < c' are not supported; write 'a < b and b < c'", peek().pos());
        }
        return new Node.Binary(left, op, right, t.pos());
    }

    private Node additive() throws ExpressionException {
        Node first = multiplicative();
        List<Node.Step> steps = new ArrayList<>();
        while (peek().is("+") || peek().is("-")) {
            Token t = next();
            steps.add(new Node.Step(t.is("+") ? BinaryOp.ADD : BinaryOp.SUB, multiplicative(), t.pos()));
        }
        return steps.isEmpty() ? first : new Node.Chain(first, steps);
    }

    private Node multiplicative() throws ExpressionException {
        Node first = unary();
        List<Node.Step> steps = new ArrayList<>();
        while (true) {
            Token t = peek();
            BinaryOp op = t.is("*") ? BinaryOp.MUL : t.is("/") ? BinaryOp.DIV
                    : t.is("//") ? BinaryOp.FLOOR_DIV : t.is("%") ? BinaryOp.MOD : null;
            if (op == null) {
                return steps.isEmpty() ? first : new Node.Chain(first, steps);
            }
            next();
            steps.add(new Node.Step(op, unary(), t.pos()));
        }
    }

    private Node unary() throws ExpressionException {
        Token t = peek();
        if (!t.is("-") && !t.is("+")) {
            return power();
        }
        enter(next());
        Node operand = unary();
        depth--;
        return new Node.Unary(t.is("-") ? Node.UnaryOp.NEG : Node.UnaryOp.POS, operand, t.pos());
    }

    /** {@code **} binds tighter than a unary minus on its left and takes a signed operand on its right. */
    private Node power() throws ExpressionException {
        Node base = subscripts(primary());
        Token t = peek();
        if (!t.is("**")) {
            return base;
        }
        enter(next());
        Node exponent = unary();
        depth--;
        return new Node.Binary(base, BinaryOp.POW, exponent, t.pos());
    }

    private Node primary() throws ExpressionException {
        Token t = next();
        switch (t.kind()) {
            case NUMBER, STRING -> {
                return new Node.Literal(t.value(), t.pos());
            }
            case NAME -> {
                return name(t);
            }
            case EOF -> throw error("unexpected end of expression", t.pos());
            case OP -> {
                if (t.is("(")) {
                    enter(t);
                    Node inner = expression();
                    depth--;
                    close(")", "expected ')'");
                    return inner;
                }
                if (t.is("[")) {
                    return list(t);
                }
                throw unexpected(t);
            }
        }
        throw unexpected(t);
    }

    /** Python-style {@code x[i]}, {@code x[a:b]}, {@code x[a:b:step]}, possibly repeated ({@code m[0][1]}). */
    private Node subscripts(Node target) throws ExpressionException {
        while (peek().is("[")) {
            Token open = next();
            enter(open);
            Node from = peek().is(":") || peek().is("]") ? null : expression();
            if (!peek().is(":")) {
                if (from == null) {
                    throw error("expected an index inside [...]", peek().pos());
                }
                close("]", "expected ']'");
                depth--;
                target = new Node.Index(target, false, from, null, null, open.pos());
                continue;
            }
            next();
            Node to = peek().is(":") || peek().is("]") ? null : expression();
            Node step = null;
            if (peek().is(":")) {
                next();
                step = peek().is("]") ? null : expression();
            }
            close("]", "expected ']'");
            depth--;
            target = new Node.Index(target, true, from, to, step, open.pos());
        }
        return target;
    }

    private Node name(Token t) throws ExpressionException {
        String name = t.text();
        switch (name) {
            case "true", "True" -> {
                return new Node.Literal(new Value.Bool(true), t.pos());
            }
            case "false", "False" -> {
                return new Node.Literal(new Value.Bool(false), t.pos());
            }
            default -> {
            }
        }
        if (Names.KEYWORDS.contains(name)) {
            throw unexpected(t);
        }
        if (peek().is("(")) {
            return call(t);
        }
        if (Functions.get(name) != null) {
            throw error("'" + name + "' is a function; call it like " + name + "(...)", t.pos());
        }
        Value constant = Names.CONSTANTS.get(name);
        if (constant != null) {
            return new Node.Literal(constant, t.pos());
        }
        references.putIfAbsent(name, t.pos());
        return new Node.Name(name, t.pos());
    }

    private Node call(Token nameToken) throws ExpressionException {
        String name = nameToken.text();
        Functions.Function function = Functions.get(name);
        if (function == null) {
            if (Names.CONSTANTS.containsKey(name)) {
                throw error("'" + name + "' is a constant, not a function", nameToken.pos());
            }
            throw error("unknown function '" + name + "'" + Names.suggestion(name, Functions.names()), nameToken.pos());
        }
        enter(next());
        List<Node> args = items(")", "expected ',' or ')'");
        depth--;
        String arity = function.arityProblem(args.size());
        if (arity != null) {
            throw error(arity, nameToken.pos());
        }
        return new Node.Call(function, args, nameToken.pos());
    }

    private Node list(Token open) throws ExpressionException {
        enter(open);
        List<Node> items = items("]", "expected ',' or ']'");
        depth--;
        return new Node.ListLiteral(items, open.pos());
    }

    /** Comma-separated expressions up to {@code close}; a trailing comma is allowed. */
    private List<Node> items(String close, String expected) throws ExpressionException {
        List<Node> items = new ArrayList<>();
        while (!peek().is(close)) {
            items.add(expression());
            if (peek().is(",")) {
                next();
            } else if (!peek().is(close)) {
                close(close, expected);
            }
        }
        next();
        return List.copyOf(items);
    }

    private void close(String close, String expected) throws ExpressionException {
        Token t = peek();
        if (t.is(close)) {
            next();
            return;
        }
        if (t.startsOperand()) {
            throw error("missing operator before " + t.describe(), t.pos());
        }
        if (t.kind() == Token.Kind.EOF) {
            throw error("expected '" + close + "'", t.pos());
        }
        throw error(expected + ", found " + t.describe(), t.pos());
    }

    private ExpressionException unexpected(Token t) {
        int k = index;
        while (k > 0 && tokens.get(k) != t) {
            k--;
        }
        boolean afterOperand = k > 0 && endsOperand(tokens.get(k - 1));
        if (afterOperand && t.startsOperand()) {
            return error("missing operator before " + t.describe(), t.pos());
        }
        if (t.is(")") || t.is("]")) {
            return error("unmatched '" + t.text() + "'", t.pos());
        }
        if (t.kind() == Token.Kind.EOF) {
            return error("unexpected end of expression", t.pos());
        }
        return error("unexpected " + t.describe(), t.pos());
    }

    private static boolean endsOperand(Token t) {
        return switch (t.kind()) {
            case NUMBER, STRING -> true;
            case NAME -> !Names.isOperatorKeyword(t.text());
            case OP -> t.is(")") || t.is("]");
            case EOF -> false;
        };
    }

    private void enter(Token at) throws ExpressionException {
        if (++depth > MAX_DEPTH) {
            throw error("expression is nested too deeply (more than " + MAX_DEPTH + " levels)", at.pos());
        }
    }

    private Token peek() {
        return tokens.get(index);
    }

    private Token next() {
        Token t = tokens.get(index);
        if (t.kind() != Token.Kind.EOF) {
            index++;
        }
        return t;
    }

    private ExpressionException error(String detail, int position) {
        return new ExpressionException(detail, position, text);
    }
}
