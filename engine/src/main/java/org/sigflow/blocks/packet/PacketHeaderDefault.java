package org.sigflow.blocks.packet;

import java.util.ArrayList;
import java.util.List;
import org.sigflow.runtime.BlockSetup;

/**
 * GNU Radio's older header formatter objects {@code packet_header_default} and {@code packet_header_ofdm} (used by
 * {@code packet_headergenerator_bb}, {@code packet_headerparser_b} and the OFDM hier blocks), step for step. A header
 * is {@code header_len} items of {@code bits_per_byte} bits each: the packet length (12 bits), the header number
 * (12 bits, counting modulo 4096) and a CRC-8 (0x07, initial 0xFF) of the bytes (len, len >> 8, num, num >> 8), each
 * least significant bits first, zeros after (GNU Radio's mask for 6 bits per item, 0x2F, kept). The OFDM variant
 * has one item per carrier of the first {@code n_syms} carrier sets, XORs the items with an LFSR mask (0x8a, seed
 * 0x6f, degree 7) when {@code scramble_header}, and its parser turns the length into payload symbols and adds the
 * frame length in OFDM symbols.
 */
final class PacketHeaderDefault {
    private static final int[] MASK_LUT = {0x00, 0x01, 0x03, 0x07, 0x0F, 0x1F, 0x2F, 0x7F, 0xFF};

    /** One parsed header entry (GNU Radio's tag_t key and long value). */
    record Field(String key, long value) {}

    private final int headerLen;
    private final String lenKey;
    private final String numKey;        // empty: GNU Radio's PMT_NIL
    private final int bitsPerByte;
    private final int mask;
    /** OFDM only (else null): the carrier set sizes, frame key, bits per payload symbol, scramble mask. */
    private final int[] setSizes;
    private final String frameKey;
    private final int bitsPerPayloadSym;
    private final int[] scramble;
    private int number;

    private PacketHeaderDefault(int headerLen, String lenKey, String numKey, int bitsPerByte, int[] setSizes,
                                String frameKey, int bitsPerPayloadSym, boolean scrambleHeader) {
        if (bitsPerByte < 1 || bitsPerByte > 8) {
            throw new IllegalArgumentException("bits per byte (header symbol) must be in [1, 8], got " + bitsPerByte);
        }
        if (headerLen < 1) {
            throw new IllegalArgumentException("the header length must be at least 1, got " + headerLen);
        }
        this.headerLen = headerLen;
        this.lenKey = lenKey;
        this.numKey = numKey;
        this.bitsPerByte = bitsPerByte;
        this.mask = MASK_LUT[bitsPerByte];
        this.setSizes = setSizes;
        this.frameKey = frameKey;
        this.bitsPerPayloadSym = bitsPerPayloadSym;
        this.scramble = new int[headerLen];
        if (scrambleHeader) {
            Lfsr lfsr = new Lfsr(0x8a, 0x6f, 7);
            for (int i = 0; i < headerLen; i++) {
                for (int k = 0; k < bitsPerByte; k++) {
                    scramble[i] ^= lfsr.nextBit() << k;
                }
            }
        }
    }

    /** The formatter the block's {@code format} params describe ({@code default} or {@code ofdm}). */
    static PacketHeaderDefault create(BlockSetup s, String who) {
        try {
            if (s.string("format").equals("default")) {
                return new PacketHeaderDefault(s.integer("header_len"), s.string("hdr_len_tag_key"),
                        s.string("num_tag_key"), s.integer("bits_per_byte"), null, null, 1, false);
            }
            List<org.sigflow.expr.Value> sets = s.param("occupied_carriers").asList();
            int nSyms = s.integer("n_syms");
            if (nSyms < 1 || nSyms > sets.size()) {
                throw new IllegalArgumentException("n_syms must be from 1 to the " + sets.size()
                        + " carrier sets, got " + nSyms);
            }
            int[] sizes = new int[sets.size()];
            int len = 0;
            for (int i = 0; i < sizes.length; i++) {
                sizes[i] = sets.get(i).asList().size();
                len += i < nSyms ? sizes[i] : 0;
            }
            int bpps = s.integer("bits_per_payload_sym");
            if (bpps < 1) {
                throw new IllegalArgumentException("bits per payload symbol must be at least 1, got " + bpps);
            }
            return new PacketHeaderDefault(len, s.string("hdr_len_tag_key"), s.string("num_tag_key"),
                    s.integer("bits_per_header_sym"), sizes, s.string("frame_len_tag_key"), bpps,
                    s.bool("scramble_header"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(who + ": " + e.getMessage(), e);
        }
    }

    int headerLen() {
        return headerLen;
    }

    /** Writes the header of a packet of {@code packetLen} items at {@code out[at..]}. */
    void format(long packetLen, byte[] out, int at) {
        int len = (int) (packetLen & 0x0FFF);
        int crc = CrcHeaderFormat.crc8(len, number);
        java.util.Arrays.fill(out, at, at + headerLen, (byte) 0);
        int k = 0;
        for (int i = 0; i < 12 && k < headerLen; i += bitsPerByte, k++) {
            out[at + k] = (byte) (len >> i & mask);
        }
        for (int i = 0; i < 12 && k < headerLen; i += bitsPerByte, k++) {
            out[at + k] = (byte) (number >> i & mask);
        }
        for (int i = 0; i < 8 && k < headerLen; i += bitsPerByte, k++) {
            out[at + k] = (byte) (crc >> i & mask);
        }
        for (int i = 0; i < headerLen; i++) {
            out[at + i] ^= (byte) scramble[i];
        }
        number = (number + 1) & 0x0FFF;
    }

    /** The header at {@code in[at..]} as GNU Radio's parser's tags, or {@code null} where its CRC fails. */
    List<Field> parse(byte[] in, int at) {
        int[] item = new int[headerLen];
        for (int i = 0; i < headerLen; i++) {
            item[i] = (in[at + i] ^ scramble[i]) & 0xFF;
        }
        List<Field> fields = new ArrayList<>();
        int len = 0;
        int num = 0;
        int k = 0;
        for (int i = 0; i < 12 && k < headerLen; i += bitsPerByte, k++) {
            len |= (item[k] & mask) << i;
        }
        fields.add(new Field(lenKey, len));
        if (k < headerLen) {
            if (numKey.isEmpty()) {
                k += 12;                                   // GNU Radio skips 12 items, not 12 bits
            } else {
                for (int i = 0; i < 12 && k < headerLen; i += bitsPerByte, k++) {
                    num |= (item[k] & mask) << i;
                }
                fields.add(new Field(numKey, num));
            }
            if (k < headerLen) {
                int crc = CrcHeaderFormat.crc8(len & 0xFFFF, num & 0xFFFF);
                for (int i = 0; i < 8 && k < headerLen; i += bitsPerByte, k++) {
                    if ((item[k] & mask) != (crc >> i & mask)) {
                        return null;
                    }
                }
            }
        }
        if (setSizes == null) {
            return fields;
        }
        int symbols = len * 8 / bitsPerPayloadSym + (len * 8 % bitsPerPayloadSym != 0 ? 1 : 0);
        fields.set(0, new Field(lenKey, symbols));
        int frame = 0;
        for (int done = 0, s = 0; done < symbols; s = (s + 1) % setSizes.length) {
            frame++;
            done += setSizes[s];
        }
        fields.add(new Field(frameKey, frame));
        return fields;
    }
}
