package org.sigflow.blocks.zmq;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.expr.Value;

/**
 * GNU Radio's PMT serialisation ({@code pmt_serialize.cc}, big-endian) for the values a SigFlow tag can hold.
 *
 * <p>Mapping, PMT ↔ SigFlow tag value: symbol ↔ {@link String}; #t/#f ↔ {@link Boolean}; int32 and int64 ↔
 * {@link Long} (written as int32 when it fits, as PMT does); uint64 ↔ {@link BigInteger}; double ↔ {@link Double};
 * complex ↔ {@link Value.Complex}; tuple ↔ {@link List} of these (GNU Radio's {@code rx_time} is a tuple of uint64
 * and double). Writing also accepts {@link Value.Int}, {@link Value.Real}, {@link Value.Bool}, {@link Value.Str},
 * {@link Value.ListValue}, {@link Integer} and {@link Float}. Everything else (nil, pairs, dicts, PMT vectors,
 * uniform vectors, blobs) has no SigFlow counterpart and is refused with a {@link PmtException} naming its type.
 */
public final class Pmt {
    static final int TRUE = 0x00;
    static final int FALSE = 0x01;
    static final int SYMBOL = 0x02;
    static final int INT32 = 0x03;
    static final int DOUBLE = 0x04;
    static final int COMPLEX = 0x05;
    static final int NULL = 0x06;
    static final int PAIR = 0x07;
    static final int VECTOR = 0x08;
    static final int DICT = 0x09;
    static final int UNIFORM_VECTOR = 0x0a;
    static final int UINT64 = 0x0b;
    static final int TUPLE = 0x0c;
    static final int INT64 = 0x0d;

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /** A value PMT cannot carry or SigFlow cannot hold. */
    public static final class PmtException extends IllegalArgumentException {
        PmtException(String message) {
            super(message);
        }
    }

    private Pmt() {}

    /** Reads one serialised PMT at the buffer's position (any byte order set on it is ignored: PMT is big-endian). */
    public static Object read(ByteBuffer in) {
        ByteBuffer b = in.order() == ByteOrder.BIG_ENDIAN ? in : in.duplicate().order(ByteOrder.BIG_ENDIAN);
        try {
            Object v = readValue(b);
            if (b != in) {
                in.position(b.position());
            }
            return v;
        } catch (BufferUnderflowException e) {
            throw new PmtException("a PMT value ends early (truncated tag header)");
        }
    }

    private static Object readValue(ByteBuffer b) {
        int type = b.get() & 0xff;
        return switch (type) {
            case TRUE -> Boolean.TRUE;
            case FALSE -> Boolean.FALSE;
            case SYMBOL -> {
                byte[] s = new byte[b.getShort() & 0xffff];
                b.get(s);
                yield new String(s, StandardCharsets.UTF_8);
            }
            case INT32 -> (long) b.getInt();
            case INT64 -> b.getLong();
            case UINT64 -> {
                long bits = b.getLong();
                yield bits >= 0 ? BigInteger.valueOf(bits) : BigInteger.valueOf(bits).add(TWO_64);
            }
            case DOUBLE -> b.getDouble();
            case COMPLEX -> new Value.Complex(b.getDouble(), b.getDouble());
            case TUPLE -> {
                int n = b.getInt();
                if (n < 0 || n > b.remaining()) {
                    throw new PmtException("a PMT tuple claims " + Integer.toUnsignedString(n) + " elements in "
                            + b.remaining() + " bytes");
                }
                List<Object> items = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    items.add(readValue(b));
                }
                yield List.copyOf(items);
            }
            case NULL -> throw unsupported("nil (PMT_NIL)");
            case PAIR -> throw unsupported("pair");
            case DICT -> throw unsupported("dict");
            case VECTOR -> throw unsupported("vector");
            case UNIFORM_VECTOR -> throw unsupported("uniform vector");
            default -> throw new PmtException(String.format("unknown PMT type byte 0x%02x (not a PMT serialisation)", type));
        };
    }

    private static PmtException unsupported(String what) {
        return new PmtException("PMT " + what + " values have no SigFlow tag counterpart (supported: symbol, bool, "
                + "int, uint64, double, complex, tuple of these)");
    }

    /** Appends the serialisation of a SigFlow tag value. */
    public static void write(Object value, ByteArrayOutputStream out) {
        switch (value) {
            case Boolean v -> out.write(v ? TRUE : FALSE);
            case Value.Bool v -> out.write(v.value() ? TRUE : FALSE);
            case String s -> writeSymbol(s, out);
            case Value.Str s -> writeSymbol(s.value(), out);
            case Long v -> writeInteger(v, out);
            case Integer v -> writeInteger(v, out);
            case Value.Int v -> writeInteger(v.value(), out);
            case BigInteger v -> {
                if (v.signum() < 0 || v.bitLength() > 64) {
                    throw new PmtException("integer " + v + " does not fit PMT's uint64");
                }
                out.write(UINT64);
                writeLong(v.longValue(), out);
            }
            case Double v -> writeDouble(v, out);
            case Float v -> writeDouble(v, out);
            case Value.Real v -> writeDouble(v.value(), out);
            case Value.Complex c -> {
                out.write(COMPLEX);
                writeLong(Double.doubleToRawLongBits(c.re()), out);
                writeLong(Double.doubleToRawLongBits(c.im()), out);
            }
            case Value.ListValue l -> writeTuple(l.items(), out);
            case List<?> l -> writeTuple(l, out);
            case null -> throw new PmtException("a tag without a value cannot be sent as PMT");
            default -> throw new PmtException("a tag value of type " + value.getClass().getSimpleName()
                    + " has no PMT counterpart");
        }
    }

    /** Serialises one value into a new array (tests, and keys that are written once). */
    public static byte[] bytes(Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(value, out);
        return out.toByteArray();
    }

    private static void writeSymbol(String s, ByteArrayOutputStream out) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > 0xffff) {
            throw new PmtException("a PMT symbol holds at most 65535 bytes, got " + utf8.length);
        }
        out.write(SYMBOL);
        out.write(utf8.length >>> 8);
        out.write(utf8.length);
        out.write(utf8, 0, utf8.length);
    }

    private static void writeInteger(long v, ByteArrayOutputStream out) {
        if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
            out.write(INT32);
            writeInt((int) v, out);
        } else {
            out.write(INT64);
            writeLong(v, out);
        }
    }

    private static void writeDouble(double v, ByteArrayOutputStream out) {
        out.write(DOUBLE);
        writeLong(Double.doubleToRawLongBits(v), out);
    }

    private static void writeTuple(List<?> items, ByteArrayOutputStream out) {
        out.write(TUPLE);
        writeInt(items.size(), out);
        for (Object item : items) {
            write(item, out);
        }
    }

    private static void writeInt(int v, ByteArrayOutputStream out) {
        out.write(v >>> 24);
        out.write(v >>> 16);
        out.write(v >>> 8);
        out.write(v);
    }

    private static void writeLong(long v, ByteArrayOutputStream out) {
        writeInt((int) (v >>> 32), out);
        writeInt((int) v, out);
    }
}
