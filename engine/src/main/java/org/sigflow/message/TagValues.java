package org.sigflow.message;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.expr.Value;

/**
 * Stream tag values ↔ PMTs. A tag value is a plain Java object: symbol ↔ {@link String}; #t/#f ↔ {@link Boolean};
 * integers ↔ {@link Long}; uint64 ↔ {@link BigInteger}; double ↔ {@link Double}; complex ↔ {@link Value.Complex};
 * tuple ↔ {@link List}. Any other PMT (nil, pair, dict, vector, uniform vector) stays a {@link Pmt} in the tag, so
 * a PDU's metadata survives a trip through a tagged stream.
 */
public final class TagValues {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private TagValues() {}

    /** The tag value for a PMT. */
    public static Object fromPmt(Pmt p) {
        return switch (p) {
            case Pmt.Bool b -> b.value();
            case Pmt.Symbol s -> s.name();
            case Pmt.Int i -> i.value();
            case Pmt.UInt64 u -> u.bits() >= 0 ? BigInteger.valueOf(u.bits()) : BigInteger.valueOf(u.bits()).add(TWO_64);
            case Pmt.Real r -> r.value();
            case Pmt.Complex c -> new Value.Complex(c.re(), c.im());
            case Pmt.Tuple t -> {
                List<Object> items = new ArrayList<>(t.items().size());
                t.items().forEach(i -> items.add(fromPmt(i)));
                yield List.copyOf(items);
            }
            default -> p;
        };
    }

    /**
     * The PMT for a tag value.
     *
     * @throws PmtException for a value with no PMT counterpart (message names its type)
     */
    public static Pmt toPmt(Object value) {
        return switch (value) {
            case Pmt p -> p;
            case Boolean v -> Pmt.of(v);
            case Value.Bool v -> Pmt.of(v.value());
            case String s -> Pmt.symbol(s);
            case Value.Str s -> Pmt.symbol(s.value());
            case Long v -> Pmt.of(v);
            case Integer v -> Pmt.of(v.longValue());
            case Value.Int v -> Pmt.of(v.value());
            case BigInteger v -> {
                if (v.signum() < 0 || v.bitLength() > 64) {
                    throw new PmtException("integer " + v + " does not fit PMT's uint64");
                }
                yield new Pmt.UInt64(v.longValue());
            }
            case Double v -> Pmt.of(v);
            case Float v -> Pmt.of(v.doubleValue());
            case Value.Real v -> Pmt.of(v.value());
            case Value.Complex c -> new Pmt.Complex(c.re(), c.im());
            case Value.ListValue l -> tuple(l.items());
            case List<?> l -> tuple(l);
            case null -> throw new PmtException("a tag without a value cannot be sent as PMT");
            default -> throw new PmtException("a tag value of type " + value.getClass().getSimpleName()
                    + " has no PMT counterpart");
        };
    }

    private static Pmt tuple(List<?> items) {
        List<Pmt> out = new ArrayList<>(items.size());
        items.forEach(i -> out.add(toPmt(i)));
        return new Pmt.Tuple(out);
    }
}
