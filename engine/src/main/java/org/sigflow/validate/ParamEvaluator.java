package org.sigflow.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.expr.Excerpt;
import org.sigflow.expr.Expression;
import org.sigflow.expr.ExpressionException;
import org.sigflow.expr.Value;

/**
 * Evaluates one param value and checks it against its catalog definition: type, options, range. The result is
 * normalised to the param's type (an int param holds {@link Value.Int}, a real param {@link Value.Real}, a complex
 * param {@link Value.Complex}, lists hold elements of their type), so blocks never see a surprising kind of value.
 */
public final class ParamEvaluator {
    private ParamEvaluator() {}

    public static Value evaluate(ParamDef def, String text, Map<String, Value> scope) throws ParamValueException {
        String name = "param '" + def.id() + "'";
        if (def.type() == ParamType.ENUM) {
            // Enum values are bare options, not expressions: "cf32", never "'cf32'".
            if (!def.options().contains(text)) {
                throw new ParamValueException(name + " must be one of " + String.join(", ", def.options())
                        + "; got '" + Excerpt.of(text) + "'");
            }
            return Value.of(text);
        }
        Expression expr;
        try {
            expr = Expression.parse(text);
        } catch (ExpressionException e) {
            throw new ParamValueException(name + " has an invalid expression '" + Excerpt.of(text) + "': " + e.getMessage());
        }
        Value raw;
        try {
            raw = expr.evaluate(scope);
        } catch (ExpressionException e) {
            throw new ParamValueException(name + " = '" + Excerpt.of(text) + "' cannot be evaluated: " + e.getMessage());
        }
        Value typed = convert(def.type(), raw);
        if (typed == null) {
            throw new ParamValueException(name + " must be " + def.type().expected() + ", got " + raw.describe());
        }
        checkFinite(name, typed);
        checkRange(def, name, typed);
        return typed;
    }

    /** The value as the param's type, or {@code null} if it is not one. */
    private static Value convert(ParamType type, Value v) {
        return switch (type) {
            case INT -> switch (v) {
                case Value.Int i -> i;
                case Value.Real r when r.value() == Math.rint(r.value()) && Math.abs(r.value()) < 0x1p62 ->
                        Value.of((long) r.value());
                default -> null;
            };
            case REAL -> real(v);
            case COMPLEX -> complex(v);
            case BOOL -> v instanceof Value.Bool ? v : null;
            case STRING, FILE -> v instanceof Value.Str ? v : null;
            case ENUM -> v;
            case REAL_LIST -> list(v, ParamEvaluator::real);
            case COMPLEX_LIST -> list(v, ParamEvaluator::complex);
            case COMPLEX_LISTS -> v instanceof Value.ListValue ? list(v, item -> item instanceof Value.ListValue
                    ? list(item, ParamEvaluator::complex) : null) : null;
        };
    }

    private static Value real(Value v) {
        return switch (v) {
            case Value.Int i -> Value.of((double) i.value());
            case Value.Real r -> r;
            case Value.Complex c when c.im() == 0 -> Value.of(c.re());
            default -> null;
        };
    }

    private static Value complex(Value v) {
        return switch (v) {
            case Value.Int i -> Value.of((double) i.value(), 0);
            case Value.Real r -> Value.of(r.value(), 0);
            case Value.Complex c -> c;
            default -> null;
        };
    }

    /** A list of converted elements; a single number counts as a list of one (e.g. {@code taps = 1}). */
    private static Value list(Value v, java.util.function.UnaryOperator<Value> element) {
        List<Value> items = new ArrayList<>();
        for (Value item : v.asList()) {
            Value converted = element.apply(item);
            if (converted == null) {
                return null;
            }
            items.add(converted);
        }
        return new Value.ListValue(items);
    }

    private static void checkFinite(String name, Value v) throws ParamValueException {
        for (Value item : v.asList()) {
            boolean finite = switch (item) {
                case Value.Real r -> Double.isFinite(r.value());
                case Value.Complex c -> Double.isFinite(c.re()) && Double.isFinite(c.im());
                default -> true;
            };
            if (!finite) {
                throw new ParamValueException(name + " must be a finite number, got " + item.describe());
            }
        }
    }

    private static void checkRange(ParamDef def, String name, Value v) throws ParamValueException {
        if (!def.type().isRanged() || (def.min() == null && def.max() == null)) {
            return;
        }
        boolean isList = v instanceof Value.ListValue;
        for (Value item : v.asList()) {
            double d = item.asDouble();
            String shown = isList ? name + " element " + item.display() : name + " = " + item.display();
            if (def.min() != null && d < def.min()) {
                throw new ParamValueException(shown + " is below the minimum " + bound(def.min()));
            }
            if (def.max() != null && d > def.max()) {
                throw new ParamValueException(shown + " is above the maximum " + bound(def.max()));
            }
        }
    }

    private static String bound(double b) {
        return b == Math.rint(b) && Math.abs(b) < 1e15 ? Long.toString((long) b) : Double.toString(b);
    }
}
