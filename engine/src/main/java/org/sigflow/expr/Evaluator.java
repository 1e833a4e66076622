package org.sigflow.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Walks the syntax tree. Pure: the only input is the scope, nothing is written anywhere. */
final class Evaluator {
    /** Most list elements plus string characters one evaluation may create, so no expression can exhaust memory. */
    static final long MAX_CREATED = 20_000_000;

    private final Map<String, Value> scope;
    private long created;

    Evaluator(Map<String, Value> scope) {
        this.scope = scope;
    }

    Value eval(Node node) {
        return switch (node) {
            case Node.Literal l -> l.value();
            case Node.Name n -> lookup(n);
            case Node.ListLiteral l -> {
                List<Value> items = new ArrayList<>(l.items().size());
                for (Node item : l.items()) {
                    items.add(eval(item));
                }
                yield charge(new Value.ListValue(items), l.pos());
            }
            case Node.Call c -> {
                List<Value> args = new ArrayList<>(c.args().size());
                for (Node arg : c.args()) {
                    args.add(eval(arg));
                }
                yield guarded(c.pos(), () -> c.function().impl().apply(args));
            }
            case Node.Unary u -> {
                Value v = eval(u.operand());
                yield switch (u.op()) {
                    case NEG -> guarded(u.pos(), () -> Arithmetic.negate(v));
                    case POS -> guarded(u.pos(), () -> Arithmetic.plus(v));
                    case NOT -> new Value.Bool(!truth(v, u.operand().pos()));
                };
            }
            case Node.Binary b -> {
                Value left = eval(b.left());
                Value right = eval(b.right());
                yield guarded(b.pos(), () -> Arithmetic.binary(b.op(), left, right));
            }
            case Node.Chain c -> {
                Value acc = eval(c.first());
                for (Node.Step s : c.steps()) {
                    Value left = acc;
                    Value right = eval(s.operand());
                    acc = guarded(s.pos(), () -> Arithmetic.binary(s.op(), left, right));
                }
                yield acc;
            }
            case Node.Logical l -> {
                boolean result = l.isAnd();
                for (Node operand : l.operands()) {
                    if (truth(eval(operand), operand.pos()) != l.isAnd()) {
                        result = !l.isAnd(); // short-circuit: later operands are not evaluated
                        break;
                    }
                }
                yield new Value.Bool(result);
            }
            case Node.Index x -> {
                Value target = eval(x.target());
                Value from = x.from() == null ? null : eval(x.from());
                Value to = x.to() == null ? null : eval(x.to());
                Value step = x.step() == null ? null : eval(x.step());
                yield guarded(x.pos(), () -> x.slice() ? Subscripts.slice(target, from, to, step) : Subscripts.index(target, from));
            }
            case Node.Conditional c -> truth(eval(c.condition()), c.condition().pos()) ? eval(c.then()) : eval(c.otherwise());
        };
    }

    private Value lookup(Node.Name n) {
        Value v = scope.get(n.name());
        if (v == null) {
            v = Names.DEFAULTED.get(n.name());
        }
        if (v == null) {
            throw new EvalError("unknown variable '" + n.name() + "'" + Names.suggestion(n.name(), new TreeSet<>(scope.keySet())), n.pos());
        }
        return v;
    }

    /** Conditions take booleans and numbers (non-zero is true). */
    private static boolean truth(Value v, int pos) {
        return switch (v) {
            case Value.Bool b -> b.value();
            case Value.Int i -> i.value() != 0;
            case Value.Real r -> r.value() != 0;
            default -> throw new EvalError("expected a boolean, got " + v.describe(), pos);
        };
    }

    @FunctionalInterface
    private interface Op {
        Value run();
    }

    /** Runs one operation, gives its errors the operation's position and counts what it created. */
    private Value guarded(int pos, Op op) {
        Value result;
        try {
            result = op.run();
        } catch (EvalError e) {
            throw e.at(pos);
        } catch (ValueTypeException | ArithmeticException e) {
            throw new EvalError(e.getMessage(), pos);
        }
        return charge(result, pos);
    }

    private Value charge(Value v, int pos) {
        long size = switch (v) {
            case Value.ListValue l -> l.items().size();
            case Value.Str s -> s.value().length();
            default -> 0;
        };
        created += size;
        EvaluationBudget.charge(size, pos);
        if (created > MAX_CREATED) {
            throw new EvalError("expression creates too much data (more than " + String.format("%,d", MAX_CREATED)
                    + " list elements and string characters)", pos);
        }
        return v;
    }
}
