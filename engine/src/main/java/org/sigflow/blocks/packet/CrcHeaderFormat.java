package org.sigflow.blocks.packet;

import org.sigflow.message.Pmt;

/**
 * GNU Radio 3.10's {@code header_format_crc} and {@code header_format_ofdm}: 12 bits of payload length (bytes), 12
 * bits of packet number (counting modulo 4096), little-endian in 3 bytes, then a CRC-8 (polynomial 0x07, initial
 * 0xFF) of (length, number) as two little-endian 16-bit words. GNU Radio 3.10 parses received bits most significant
 * bit of each byte first (3.11 reads them least significant first and scrambles the OFDM header when formatting;
 * this follows 3.10, whose output the tests compare with). The info dict gives {@code len_key} = 8·length and
 * {@code num_key} = number.
 *
 * <p>The OFDM variant's header fills the first {@code n_syms} carrier sets (their total carrier count in bits; the
 * 4 bytes above, zeros after). With {@code scramble_header}, parsing XORs the first header bits with GNU Radio's
 * LFSR mask (0x8a, seed 0x6f, degree 7: {@code bits_per_header_sym} bits per mask entry; an entry other than 0
 * flips the bit), which 3.10's formatter does not apply. Its info gives {@code len_key} = payload symbols
 * (8·length / bits per payload symbol, rounded up), {@code num_key} and {@code frame_key} = OFDM symbols of the
 * frame.
 */
final class CrcHeaderFormat implements HeaderFormat {
    private final String lenKey;
    private final String numKey;
    /** OFDM only (else null): the carrier counts of the sets, the frame key, the scramble mask per header byte. */
    private final int[] setSizes;
    private final String frameKey;
    private final int bitsPerPayloadSym;
    private final int headerBits;
    private final byte[] scramble;
    private int number;
    private final int[] received;
    private int fill;

    CrcHeaderFormat(String lenKey, String numKey) {
        this(lenKey, numKey, null, 0, null, 1, 1, false);
    }

    CrcHeaderFormat(String lenKey, String numKey, int[] setSizes, int nSyms, String frameKey, int bitsPerHeaderSym,
                    int bitsPerPayloadSym, boolean scrambleHeader) {
        this.lenKey = lenKey;
        this.numKey = numKey;
        this.setSizes = setSizes;
        this.frameKey = frameKey;
        this.bitsPerPayloadSym = bitsPerPayloadSym;
        if (setSizes == null) {
            headerBits = 32;
        } else {
            if (nSyms < 1 || nSyms > setSizes.length) {
                throw new IllegalArgumentException("n_syms must be from 1 to the " + setSizes.length
                        + " carrier sets, got " + nSyms);
            }
            if (bitsPerPayloadSym < 1 || java.util.Arrays.stream(setSizes).sum() == 0) {
                throw new IllegalArgumentException("bits per payload symbol must be at least 1 and the carrier sets "
                        + "not empty");
            }
            int bits = 0;
            for (int i = 0; i < nSyms; i++) {
                bits += setSizes[i];
            }
            if (bits < 32) {
                throw new IllegalArgumentException("the header's " + nSyms + " OFDM symbol(s) carry " + bits
                        + " bits; the CRC header needs 32");
            }
            headerBits = bits;
        }
        scramble = new byte[headerBits / 8];       // GNU Radio fills header_nbytes() entries of its mask
        if (scrambleHeader) {
            Lfsr lfsr = new Lfsr(0x8a, 0x6f, 7);
            for (int i = 0; i < scramble.length; i++) {
                for (int k = 0; k < bitsPerHeaderSym; k++) {
                    scramble[i] ^= (byte) (lfsr.nextBit() << k);
                }
            }
        }
        received = new int[headerBits];
    }

    @Override
    public int headerBytes() {
        return headerBits / 8;
    }

    @Override
    public byte[] format(int payloadBytes) {
        int len = payloadBytes & 0x0FFF;
        int concat = number << 12 | len;
        byte[] out = new byte[headerBytes()];
        out[0] = (byte) concat;
        out[1] = (byte) (concat >>> 8);
        out[2] = (byte) (concat >>> 16);
        out[3] = (byte) crc8(len, number);
        number = (number + 1) & 0x0FFF;
        return out;
    }

    @Override
    public Pmt parseBit(int bit) {
        int mask = fill < scramble.length ? scramble[fill] : 0;
        received[fill++] = (bit ^ mask) != 0 ? 1 : 0;
        if (fill < headerBits) {
            return null;
        }
        fill = 0;
        // GNU Radio 3.10: the first 24 bits read most significant first, byte-swapped as a 32-bit word
        int r0 = field(0);
        int r1 = field(8);
        int len = (r1 & 0x0F) << 8 | r0;
        int num = field(16) << 4 | r1 >>> 4;
        if (field(24) != crc8(len, num)) {
            return Pmt.FALSE;
        }
        if (setSizes == null) {
            return Pmt.Dict.EMPTY.with(Pmt.symbol(lenKey), Pmt.of(8L * len)).with(Pmt.symbol(numKey), Pmt.of(num));
        }
        int bits = (8 * len) & 0xFFFF;                         // GNU Radio computes this in a uint16_t
        int payloadSyms = (bits / bitsPerPayloadSym + (bits % bitsPerPayloadSym != 0 ? 1 : 0)) & 0xFFFF;
        int perSet = java.util.Arrays.stream(setSizes).sum();
        int frame = payloadSyms / perSet;
        int k = 0;
        for (int i = frame * perSet; i < payloadSyms; i += setSizes[k++]) {
            frame++;
        }
        return Pmt.Dict.EMPTY.with(Pmt.symbol(lenKey), Pmt.of(payloadSyms)).with(Pmt.symbol(numKey), Pmt.of(num))
                .with(Pmt.symbol(frameKey), Pmt.of(frame));
    }

    /** The received byte at bit {@code pos}, its first bit most significant. */
    private int field(int pos) {
        int v = 0;
        for (int i = pos; i < pos + 8; i++) {
            v = v << 1 | received[i];
        }
        return v;
    }

    /** GNU Radio's {@code crc(8, 0x07, 0xFF, 0x00, false, false)} of the bytes (len & 0xFF, len >> 8, num & 0xFF, num >> 8). */
    static int crc8(int len, int num) {
        int crc = 0xFF;
        for (int b : new int[] {len & 0xFF, len >>> 8, num & 0xFF, num >>> 8}) {
            crc ^= b;
            for (int i = 0; i < 8; i++) {
                crc = (crc & 0x80) != 0 ? (crc << 1 ^ 0x07) & 0xFF : crc << 1 & 0xFF;
            }
        }
        return crc;
    }
}
