package org.sigflow.message;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** GNU Radio's PDU: the pair (metadata dict . uniform vector); helpers to recognise one and read its payload. */
public final class Pdus {
    private Pdus() {}

    /** A pair of a dict (nil counts as the empty dict, as in GNU Radio) and a uniform vector. */
    public static boolean isPdu(Pmt p) {
        return p instanceof Pmt.Pair pair && (pair.car() instanceof Pmt.Dict || pair.car() instanceof Pmt.Nil)
                && pair.cdr() instanceof Pmt.Uniform;
    }

    /** The metadata of a PDU as a dict (nil → empty). */
    public static Pmt.Dict meta(Pmt.Pair pdu) {
        return pdu.car() instanceof Pmt.Dict d ? d : Pmt.Dict.EMPTY;
    }

    /** The payload's bytes in memory order (little-endian, as GNU Radio's on x86). */
    public static byte[] payloadBytes(Pmt.Uniform u) {
        ByteBuffer b = ByteBuffer.allocate(u.byteLength()).order(ByteOrder.LITTLE_ENDIAN);
        switch (u.data()) {
            case byte[] a -> b.put(a);
            case short[] a -> b.asShortBuffer().put(a);
            case int[] a -> b.asIntBuffer().put(a);
            case long[] a -> b.asLongBuffer().put(a);
            case float[] a -> b.asFloatBuffer().put(a);
            case double[] a -> b.asDoubleBuffer().put(a);
            default -> throw new IllegalStateException();
        }
        return b.array();
    }
}
