package org.sigflow.message;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * GNU Radio's PMT serialisation ({@code pmt::serialize_str}, big-endian): the bytes of ZeroMQ tag headers and
 * message sockets. Every {@link Pmt} kind reads and writes; blobs and other exotic kinds are refused with a
 * {@link PmtException} naming them. A dict is written as GNU Radio does: one {@code 0x09} and its first pair per
 * entry, ending in nil.
 */
public final class PmtCodec {
    static final int TRUE = 0x00;
    static final int FALSE = 0x01;
    static final int SYMBOL = 0x02;
    static final int INT32 = 0x03;
    static final int DOUBLE = 0x04;
    static final int COMPLEX = 0x05;
    public static final int NULL = 0x06;
    static final int PAIR = 0x07;
    static final int VECTOR = 0x08;
    static final int DICT = 0x09;
    static final int UNIFORM_VECTOR = 0x0a;
    static final int UINT64 = 0x0b;
    static final int TUPLE = 0x0c;
    static final int INT64 = 0x0d;
    /** Nesting depth limit when reading: a PMT from the network must not overflow the stack. */
    private static final int MAX_DEPTH = 64;

    private PmtCodec() {}

    /** Reads one serialised PMT at the buffer's position (any byte order set on it is ignored: PMT is big-endian). */
    public static Pmt read(ByteBuffer in) {
        ByteBuffer b = in.order() == ByteOrder.BIG_ENDIAN ? in : in.duplicate().order(ByteOrder.BIG_ENDIAN);
        try {
            Pmt v = readValue(b, 0);
            if (b != in) {
                in.position(b.position());
            }
            return v;
        } catch (BufferUnderflowException e) {
            throw new PmtException("a PMT value ends early (truncated)");
        }
    }

    /** Reads a whole byte array holding one PMT. */
    public static Pmt read(byte[] bytes) {
        return read(ByteBuffer.wrap(bytes));
    }

    private static Pmt readValue(ByteBuffer b, int depth) {
        if (depth > MAX_DEPTH) {
            throw new PmtException("a PMT value nests deeper than " + MAX_DEPTH + " levels");
        }
        int type = b.get() & 0xff;
        return switch (type) {
            case TRUE -> Pmt.TRUE;
            case FALSE -> Pmt.FALSE;
            case SYMBOL -> {
                byte[] s = new byte[b.getShort() & 0xffff];
                b.get(s);
                yield new Pmt.Symbol(new String(s, StandardCharsets.UTF_8));
            }
            case INT32 -> new Pmt.Int(b.getInt());
            case INT64 -> new Pmt.Int(b.getLong());
            case UINT64 -> new Pmt.UInt64(b.getLong());
            case DOUBLE -> new Pmt.Real(b.getDouble());
            case COMPLEX -> new Pmt.Complex(b.getDouble(), b.getDouble());
            case NULL -> Pmt.NIL;
            case PAIR -> new Pmt.Pair(readValue(b, depth + 1), readValue(b, depth + 1));
            case VECTOR -> new Pmt.Vector(readItems(b, depth, "vector"));
            case TUPLE -> new Pmt.Tuple(readItems(b, depth, "tuple"));
            case DICT -> readDict(b, depth);
            case UNIFORM_VECTOR -> readUniform(b);
            default -> throw new PmtException(String.format("unknown PMT type byte 0x%02x (not a PMT serialisation)",
                    type));
        };
    }

    private static List<Pmt> readItems(ByteBuffer b, int depth, String what) {
        int n = b.getInt();
        if (n < 0 || n > b.remaining()) {
            throw new PmtException("a PMT " + what + " claims " + Integer.toUnsignedString(n) + " elements in "
                    + b.remaining() + " bytes");
        }
        List<Pmt> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            items.add(readValue(b, depth + 1));
        }
        return items;
    }

    /** {@code 0x09 (k . v)} per entry, then nil: read iteratively, so a long dict costs no stack. */
    private static Pmt readDict(ByteBuffer b, int depth) {
        List<Pmt.Entry> entries = new ArrayList<>();
        while (true) {
            Pmt first = readValue(b, depth + 1);
            if (!(first instanceof Pmt.Pair p)) {
                throw new PmtException("a PMT dict entry must be a pair, got " + PmtText.write(first));
            }
            entries.add(new Pmt.Entry(p.car(), p.cdr()));
            int next = b.get() & 0xff;
            if (next == NULL) {
                return new Pmt.Dict(entries);
            }
            if (next != DICT) {
                throw new PmtException(String.format("a PMT dict continues with type byte 0x%02x", next));
            }
        }
    }

    private static Pmt readUniform(ByteBuffer b) {
        int code = b.get() & 0xff;
        UniformKind kind = UniformKind.fromCode(code);
        if (kind == null) {
            throw new PmtException(String.format("unknown PMT uniform vector type 0x%02x", code));
        }
        int n = b.getInt();
        int pad = b.get() & 0xff;
        b.position(b.position() + Math.min(pad, b.remaining()));
        if (n < 0 || (long) n * kind.itemBytes() > b.remaining()) {
            throw new PmtException("a PMT " + kind.id() + " vector claims " + Integer.toUnsignedString(n)
                    + " elements in " + b.remaining() + " bytes");
        }
        int len = kind.complex() ? 2 * n : n;
        Object data = switch (kind) {
            case U8, S8 -> {
                byte[] a = new byte[len];
                b.get(a);
                yield a;
            }
            case U16, S16 -> {
                short[] a = new short[len];
                b.asShortBuffer().get(a);
                yield a;
            }
            case U32, S32 -> {
                int[] a = new int[len];
                b.asIntBuffer().get(a);
                yield a;
            }
            case U64, S64 -> {
                long[] a = new long[len];
                b.asLongBuffer().get(a);
                yield a;
            }
            case F32, C32 -> {
                float[] a = new float[len];
                b.asFloatBuffer().get(a);
                yield a;
            }
            case F64, C64 -> {
                double[] a = new double[len];
                b.asDoubleBuffer().get(a);
                yield a;
            }
        };
        if (!(data instanceof byte[])) {
            b.position(b.position() + n * kind.itemBytes());
        }
        return new Pmt.Uniform(kind, data);
    }

    /** The serialisation of {@code v} in a new array. */
    public static byte[] bytes(Pmt v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(v, out);
        return out.toByteArray();
    }

    /** Appends the serialisation of {@code v}. */
    public static void write(Pmt v, ByteArrayOutputStream out) {
        switch (v) {
            case Pmt.Nil n -> out.write(NULL);
            case Pmt.Bool x -> out.write(x.value() ? TRUE : FALSE);
            case Pmt.Symbol s -> writeSymbol(s.name(), out);
            case Pmt.Int x -> {
                if (x.value() == (int) x.value()) {
                    out.write(INT32);
                    writeInt((int) x.value(), out);
                } else {
                    out.write(INT64);
                    writeLong(x.value(), out);
                }
            }
            case Pmt.UInt64 x -> {
                out.write(UINT64);
                writeLong(x.bits(), out);
            }
            case Pmt.Real x -> {
                out.write(DOUBLE);
                writeLong(Double.doubleToRawLongBits(x.value()), out);
            }
            case Pmt.Complex c -> {
                out.write(COMPLEX);
                writeLong(Double.doubleToRawLongBits(c.re()), out);
                writeLong(Double.doubleToRawLongBits(c.im()), out);
            }
            case Pmt.Pair p -> {
                out.write(PAIR);
                write(p.car(), out);
                write(p.cdr(), out);
            }
            case Pmt.Dict d -> {
                for (Pmt.Entry e : d.entries()) {
                    out.write(DICT);
                    write(new Pmt.Pair(e.key(), e.value()), out);
                }
                out.write(NULL);
            }
            case Pmt.Vector vec -> writeItems(VECTOR, vec.items(), out);
            case Pmt.Tuple t -> writeItems(TUPLE, t.items(), out);
            case Pmt.Uniform u -> writeUniform(u, out);
        }
    }

    private static void writeItems(int type, List<Pmt> items, ByteArrayOutputStream out) {
        out.write(type);
        writeInt(items.size(), out);
        for (Pmt item : items) {
            write(item, out);
        }
    }

    private static void writeUniform(Pmt.Uniform u, ByteArrayOutputStream out) {
        out.write(UNIFORM_VECTOR);
        out.write(u.kind().code());
        writeInt(u.length(), out);
        out.write(1);                 // GNU Radio writes one padding byte
        out.write(0);
        switch (u.data()) {
            case byte[] a -> out.write(a, 0, a.length);
            case short[] a -> {
                for (short s : a) {
                    out.write(s >>> 8);
                    out.write(s);
                }
            }
            case int[] a -> {
                for (int x : a) {
                    writeInt(x, out);
                }
            }
            case long[] a -> {
                for (long x : a) {
                    writeLong(x, out);
                }
            }
            case float[] a -> {
                for (float x : a) {
                    writeInt(Float.floatToRawIntBits(x), out);
                }
            }
            case double[] a -> {
                for (double x : a) {
                    writeLong(Double.doubleToRawLongBits(x), out);
                }
            }
            default -> throw new IllegalStateException();
        }
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
