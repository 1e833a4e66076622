package org.sigflow.expr;

import java.util.List;

/**
 * A value of the expression language: what a variable or a block parameter evaluates to.
 * Immutable; the language has no objects, no functions as values and no side effects.
 */
public sealed interface Value {

    /** Exact integer (literals without a fraction, int(), round(), integer arithmetic). */
    record Int(long value) implements Value {}

    /** Real number. */
    record Real(double value) implements Value {}

    /** Complex number; {@code 1+2j} in the language. */
    record Complex(double re, double im) implements Value {}

    record Bool(boolean value) implements Value {}

    /** String literal ('...' or "..."), used for enum options and file paths. */
    record Str(String value) implements Value {}

    record ListValue(List<Value> items) implements Value {
        public ListValue {
            items = List.copyOf(items);
        }
    }

    static Value of(long v) {
        return new Int(v);
    }

    static Value of(double v) {
        return new Real(v);
    }

    static Value of(double re, double im) {
        return new Complex(re, im);
    }

    static Value of(boolean v) {
        return new Bool(v);
    }

    static Value of(String v) {
        return new Str(v);
    }

    default boolean isNumber() {
        return this instanceof Int || this instanceof Real;
    }

    default boolean isNumeric() {
        return isNumber() || this instanceof Complex;
    }

    /** Real value of a number; a complex with zero imaginary part also counts. */
    default double asDouble() {
        return switch (this) {
            case Int i -> i.value();
            case Real r -> r.value();
            case Complex c when c.im() == 0 -> c.re();
            case Bool b -> b.value() ? 1 : 0;
            default -> throw new ValueTypeException("expected a real number, got " + describe());
        };
    }

    /** Integer value; reals must be integral. */
    default long asLong() {
        return switch (this) {
            case Int i -> i.value();
            case Real r when r.value() == Math.rint(r.value()) && Double.isFinite(r.value()) -> (long) r.value();
            case Bool b -> b.value() ? 1 : 0;
            default -> throw new ValueTypeException("expected an integer, got " + describe());
        };
    }

    default int asInt() {
        long v = asLong();
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new ValueTypeException("integer " + v + " is out of range");
        }
        return (int) v;
    }

    default double re() {
        return this instanceof Complex c ? c.re() : asDouble();
    }

    default double im() {
        if (this instanceof Complex c) {
            return c.im();
        }
        asDouble(); // type check: only numbers have an imaginary part
        return 0;
    }

    default boolean asBoolean() {
        return switch (this) {
            case Bool b -> b.value();
            case Int i -> i.value() != 0;
            case Real r -> r.value() != 0;
            default -> throw new ValueTypeException("expected a boolean, got " + describe());
        };
    }

    default String asString() {
        if (this instanceof Str s) {
            return s.value();
        }
        throw new ValueTypeException("expected a string, got " + describe());
    }

    default List<Value> asList() {
        if (this instanceof ListValue l) {
            return l.items();
        }
        return List.of(this);
    }

    /** Type name in the user's words: "integer", "real", "complex", "boolean", "string", "list". */
    default String typeName() {
        return switch (this) {
            case Int i -> "integer";
            case Real r -> "real";
            case Complex c -> "complex";
            case Bool b -> "boolean";
            case Str s -> "string";
            case ListValue l -> "list";
        };
    }

    /** The value as the language would write it, e.g. {@code 1.5}, {@code (1+2j)}, {@code [1, 2]}. */
    default String display() {
        return ValueFormat.format(this);
    }

    /** Type and value for messages, e.g. {@code string 'abc'}; long values are cut short. */
    default String describe() {
        return typeName() + " " + ValueFormat.abbreviated(this, 60);
    }
}
