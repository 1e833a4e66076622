package org.sigflow.message;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A message value, mirroring GNU Radio's PMT ("polymorphic type"): what travels on message edges and what a PDU is
 * made of. Immutable. {@link PmtCodec} reads and writes GNU Radio's serialisation ({@code pmt::serialize_str}),
 * {@link PmtText} its text form ({@code pmt::write_string}).
 */
public sealed interface Pmt {

    /** PMT_NIL: the empty list, also an empty dict's value. */
    Nil NIL = new Nil();
    Bool TRUE = new Bool(true);
    Bool FALSE = new Bool(false);

    record Nil() implements Pmt {}

    record Bool(boolean value) implements Pmt {}

    /** A signed integer (GNU Radio's {@code from_long}: int32 or int64 on the wire). */
    record Int(long value) implements Pmt {}

    /** An unsigned 64-bit integer, held as its bits ({@code from_uint64}). */
    record UInt64(long bits) implements Pmt {}

    record Real(double value) implements Pmt {}

    record Complex(double re, double im) implements Pmt {}

    /** An interned string ({@code pmt::intern}). */
    record Symbol(String name) implements Pmt {
        public Symbol {
            Objects.requireNonNull(name, "name");
        }
    }

    /** A cons cell; lists are pairs ending in {@link #NIL}. A PDU is the pair (metadata dict . uniform vector). */
    record Pair(Pmt car, Pmt cdr) implements Pmt {
        public Pair {
            Objects.requireNonNull(car, "car");
            Objects.requireNonNull(cdr, "cdr");
        }
    }

    /** One key/value of a {@link Dict}. */
    record Entry(Pmt key, Pmt value) {
        public Entry {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * A dictionary in GNU Radio's order: {@link #with} puts the key first (removing an earlier entry of it), as
     * {@code pmt::dict_add} does, so text and bytes come out in GNU Radio's order.
     */
    record Dict(List<Entry> entries) implements Pmt {
        public static final Dict EMPTY = new Dict(List.of());

        public Dict {
            entries = List.copyOf(entries);
        }

        public Dict with(Pmt key, Pmt value) {
            List<Entry> out = new ArrayList<>(entries.size() + 1);
            out.add(new Entry(key, value));
            for (Entry e : entries) {
                if (!e.key().equals(key)) {
                    out.add(e);
                }
            }
            return new Dict(out);
        }

        public Pmt get(Pmt key) {
            for (Entry e : entries) {
                if (e.key().equals(key)) {
                    return e.value();
                }
            }
            return null;
        }
    }

    /** A vector of PMTs ({@code pmt::make_vector}). */
    record Vector(List<Pmt> items) implements Pmt {
        public Vector {
            items = List.copyOf(items);
        }
    }

    /** A tuple ({@code pmt::make_tuple}; GNU Radio's {@code rx_time} is one). */
    record Tuple(List<Pmt> items) implements Pmt {
        public Tuple {
            items = List.copyOf(items);
        }
    }

    /**
     * A uniform vector. {@code data} is a primitive array: {@code byte[]} for u8/s8, {@code short[]} for u16/s16,
     * {@code int[]} for u32/s32, {@code long[]} for u64/s64, {@code float[]} for f32 and c32 (interleaved re, im),
     * {@code double[]} for f64 and c64. Unsigned kinds hold their bits.
     */
    record Uniform(UniformKind kind, Object data) implements Pmt {
        public Uniform {
            Objects.requireNonNull(kind, "kind");
            if (data == null || data.getClass() != kind.arrayClass()) {
                throw new IllegalArgumentException(kind.id() + " vector needs a " + kind.arrayClass().getSimpleName());
            }
            if (kind.complex() && java.lang.reflect.Array.getLength(data) % 2 != 0) {
                throw new IllegalArgumentException(kind.id() + " vector needs interleaved (re, im) pairs");
            }
        }

        /** Elements (complex ones counted once). */
        public int length() {
            return java.lang.reflect.Array.getLength(data) / (kind.complex() ? 2 : 1);
        }

        /** Bytes of the payload, as GNU Radio's {@code uniform_vector_elements} length in bytes. */
        public int byteLength() {
            return length() * kind.itemBytes();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Uniform u && u.kind == kind && Arrays.deepEquals(new Object[] {data},
                    new Object[] {u.data});
        }

        @Override
        public int hashCode() {
            return kind.hashCode() * 31 + Arrays.deepHashCode(new Object[] {data});
        }

        @Override
        public String toString() {
            return "Uniform[" + kind.id() + ", " + PmtText.write(this) + "]";
        }
    }

    static Symbol symbol(String name) {
        return new Symbol(name);
    }

    static Int of(long v) {
        return new Int(v);
    }

    static Real of(double v) {
        return new Real(v);
    }

    static Bool of(boolean v) {
        return v ? TRUE : FALSE;
    }

    /** A list ({@code pmt::list_n}): pairs ending in nil. */
    static Pmt list(List<Pmt> items) {
        Pmt out = NIL;
        for (int i = items.size() - 1; i >= 0; i--) {
            out = new Pair(items.get(i), out);
        }
        return out;
    }

    /** A PDU: (metadata . vector). */
    static Pair pdu(Dict meta, Uniform vector) {
        return new Pair(meta, vector);
    }
}
