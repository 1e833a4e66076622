package org.sigflow.blocks.zmq;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import org.sigflow.message.PmtCodec;
import org.sigflow.message.TagValues;

/**
 * The tag values of a ZeroMQ tag header in GNU Radio's PMT serialisation: the bytes are
 * {@link org.sigflow.message.PmtCodec}'s, the values {@link TagValues}' (symbol, bool, int, uint64, double, complex,
 * tuple of these). A header value of another kind (nil, pairs, dicts, PMT vectors, uniform vectors) is refused with a
 * {@link PmtException} naming its kind, as before message ports existed.
 */
public final class Pmt {
    static final int FALSE = 0x01;
    static final int NULL = PmtCodec.NULL;

    /** A value PMT cannot carry or a ZeroMQ tag cannot hold. */
    public static final class PmtException extends org.sigflow.message.PmtException {
        PmtException(String message) {
            super(message);
        }
    }

    private Pmt() {}

    /** Reads one serialised PMT at the buffer's position as a tag value. */
    public static Object read(ByteBuffer in) {
        if (in.hasRemaining()) {                 // refused by kind before reading, as a header may end there
            String kind = switch (in.get(in.position()) & 0xff) {
                case NULL -> "nil (PMT_NIL)";
                case 0x07 -> "pair";
                case 0x08 -> "vector";
                case 0x09 -> "dict";
                case 0x0a -> "uniform vector";
                default -> null;
            };
            if (kind != null) {
                throw unsupported(kind);
            }
        }
        org.sigflow.message.Pmt p;
        try {
            p = PmtCodec.read(in);
        } catch (org.sigflow.message.PmtException e) {
            throw new PmtException(e.getMessage().replace("(truncated)", "(truncated tag header)"));
        }
        return TagValues.fromPmt(p);
    }

    private static PmtException unsupported(String what) {
        return new PmtException("PMT " + what + " values have no SigFlow tag counterpart (supported: symbol, bool, "
                + "int, uint64, double, complex, tuple of these)");
    }

    /** Appends the serialisation of a SigFlow tag value. */
    public static void write(Object value, ByteArrayOutputStream out) {
        try {
            PmtCodec.write(TagValues.toPmt(value), out);
        } catch (PmtException e) {
            throw e;
        } catch (org.sigflow.message.PmtException e) {
            throw new PmtException(e.getMessage());
        }
    }

    /** Serialises one value into a new array (tests, and keys that are written once). */
    public static byte[] bytes(Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(value, out);
        return out.toByteArray();
    }
}
