package org.sigflow.blocks.fec;

import org.sigflow.message.Pdus;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtText;
import org.sigflow.message.UniformKind;

/** PDU checks and GNU Radio's bit (un)packing kernels ({@code unpack_k_bits}, {@code pack_k_bits}, k = 8). */
final class AsyncPdus {
    private AsyncPdus() {}

    static Pmt.Pair pdu(Pmt message, UniformKind kind, String who) {
        if (!Pdus.isPdu(message) || ((Pmt.Uniform) ((Pmt.Pair) message).cdr()).kind() != kind) {
            String text = PmtText.write(message);
            throw new IllegalArgumentException(who + ": expects PDUs of " + kind.id() + " items, got "
                    + (text.length() > 80 ? text.substring(0, 80) + "…" : text));
        }
        return (Pmt.Pair) message;
    }

    /** Bytes to bits: MSB first, or LSB first when {@code reversed}. */
    static byte[] unpack(byte[] bytes, boolean reversed) {
        byte[] bits = new byte[bytes.length * 8];
        for (int i = 0; i < bytes.length; i++) {
            for (int j = 0; j < 8; j++) {
                bits[i * 8 + j] = (byte) ((bytes[i] >> (reversed ? j : 7 - j)) & 1);
            }
        }
        return bits;
    }

    /** The first {@code nbytes} × 8 bits to bytes: MSB first, or LSB first when {@code reversed}. */
    static byte[] pack(byte[] bits, int nbytes, boolean reversed) {
        byte[] out = new byte[nbytes];
        for (int i = 0; i < nbytes; i++) {
            int v = 0;
            for (int j = 0; j < 8; j++) {
                v |= (bits[i * 8 + j] & 1) << (reversed ? j : 7 - j);
            }
            out[i] = (byte) v;
        }
        return out;
    }
}
