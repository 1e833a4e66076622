package org.sigflow.blocks.packet;

import org.sigflow.message.Pmt;

/**
 * GNU Radio's {@code header_format_default} and {@code header_format_counter}: the access code (most significant
 * bit first), the payload length in bytes twice as 16-bit big-endian fields, and for the counter format the bits
 * per symbol and a 16-bit packet counter. Parsing correlates the access code bit by bit (at most {@code threshold}
 * bits may differ), then reads the rest of the header; its info dict gives {@code payload symbols} =
 * 8·length/bps (and for the counter format {@code bps} and {@code counter}, with bps taken from the header).
 */
final class AccessCodeHeaderFormat implements HeaderFormat {
    /** digital.packet_utils.default_access_code. */
    static final String DEFAULT_ACCESS_CODE = "1010110011011101101001001110001011110010100011000010000011111100";

    private final boolean counter;
    private final long accessCode;
    private final int codeBits;
    private final long mask;
    private final int threshold;
    private int bps;
    private int count;
    private long dataReg;
    private boolean haveSync;
    private final int[] header;
    private int headerFill;

    AccessCodeHeaderFormat(String accessCode, int threshold, int bps, boolean counter) {
        if (accessCode.isEmpty() || accessCode.length() > 64) {
            throw new IllegalArgumentException("access code must have 1 to 64 bits, got " + accessCode.length());
        }
        if (threshold < 0 || threshold > accessCode.length()) {
            throw new IllegalArgumentException("threshold must be from 0 to the access code's " + accessCode.length()
                    + " bits, got " + threshold);
        }
        if (bps < 1) {
            throw new IllegalArgumentException("bits per symbol must be at least 1, got " + bps);
        }
        long code = 0;
        for (int i = 0; i < accessCode.length(); i++) {
            code = code << 1 | (accessCode.charAt(i) & 1);     // GNU Radio takes each character's lowest bit
        }
        this.accessCode = code;
        this.codeBits = accessCode.length();
        this.mask = -1L >>> (64 - codeBits);
        this.threshold = threshold;
        this.bps = bps;
        this.counter = counter;
        this.header = new int[(counter ? 64 : 32)];
    }

    @Override
    public int headerBytes() {
        return (codeBits + header.length) / 8;
    }

    @Override
    public byte[] format(int payloadBytes) {
        byte[] out = new byte[headerBytes()];
        int at = 0;
        for (int i = codeBits / 8 - 1; i >= 0; i--) {               // header_buffer::add_field64: whole bytes only
            out[at++] = (byte) (accessCode >>> (8 * i));
        }
        int[] fields = counter ? new int[] {payloadBytes, payloadBytes, bps, count++} : new int[] {payloadBytes,
            payloadBytes};
        for (int f : fields) {
            out[at++] = (byte) (f >>> 8);
            out[at++] = (byte) f;
        }
        return out;
    }

    @Override
    public Pmt parseBit(int bit) {
        if (!haveSync) {
            dataReg = dataReg << 1 | (bit & 1);
            if (Long.bitCount((dataReg ^ accessCode) & mask) <= threshold) {
                haveSync = true;
                headerFill = 0;
            }
            return null;
        }
        header[headerFill++] = bit & 1;
        if (headerFill < header.length) {
            return null;
        }
        haveSync = false;
        int len0 = field(0);
        if (len0 != field(16)) {
            return Pmt.FALSE;
        }
        Pmt.Dict info = Pmt.Dict.EMPTY;
        if (counter) {
            bps = field(32);
            info = info.with(Pmt.symbol("payload symbols"), Pmt.of(bps == 0 ? 0 : 8 * len0 / bps))
                    .with(Pmt.symbol("bps"), Pmt.of(bps)).with(Pmt.symbol("counter"), Pmt.of(field(48)));
            return info;
        }
        return info.with(Pmt.symbol("payload symbols"), Pmt.of(8 * len0 / bps));
    }

    /** A 16-bit field of the received header, most significant bit first. */
    private int field(int pos) {
        int v = 0;
        for (int i = pos; i < pos + 16; i++) {
            v = v << 1 | header[i];
        }
        return v;
    }
}
