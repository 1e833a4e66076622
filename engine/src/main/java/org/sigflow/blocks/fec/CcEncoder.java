package org.sigflow.blocks.fec;

/**
 * GNU Radio's {@code cc_encoder} (and, with K 7 and polynomials [109, 79] on an 8-bit state, {@code ccsds_encoder}):
 * the register takes each new bit as its least significant; output bit j of a step is the parity of register AND
 * |poly_j|, inverted for a negative poly. Streaming carries the register into the next frame; terminated flushes it
 * back to the start state with K-1 more steps (plus padding bits, written as 0); tailbiting preloads the frame's last
 * K-1 bits; truncated restarts every frame from the start state.
 */
final class CcEncoder implements FecEncoder {
    private final int k;
    private final int rate;
    private final int[] polys;
    private final CcMode mode;
    private final int padding;
    private final int maxFrame;
    /** 0xFF for CCSDS (GNU Radio keeps its state in an unsigned char), else all bits. */
    private final int stateMask;
    private final boolean packedInput;
    private int frame;
    private int state;

    CcEncoder(int frameBits, int k, int rate, int[] polys, int startState, CcMode mode, boolean padded,
              int stateMask, boolean packedInput) {
        if (polys.length != rate) {
            throw new IllegalArgumentException("cc encoder: the number of polynomials (" + polys.length
                    + ") must equal the rate (" + rate + ")");
        }
        if (rate < 2) {
            throw new IllegalArgumentException("cc encoder: the inverse rate must be at least 2, got " + rate);
        }
        if (k < 2 || k > 31) {
            throw new IllegalArgumentException("cc encoder: constraint length K must be 2 to 31, got " + k);
        }
        if (startState < 0 || startState >= 1 << (k - 1)) {
            throw new IllegalArgumentException("cc encoder: start state must be 0 to 2^(K-1)-1, got " + startState);
        }
        if (frameBits < 1) {
            throw new IllegalArgumentException("cc encoder: frame size must be at least 1 bit, got " + frameBits);
        }
        this.k = k;
        this.rate = rate;
        this.polys = polys.clone();
        this.mode = mode;
        this.padding = CcMode.padding(padded, mode, rate, k);
        this.maxFrame = frameBits;
        this.stateMask = stateMask;
        this.packedInput = packedInput;
        this.state = startState;
        this.frame = frameBits;
    }

    /** GNU Radio's {@code ccsds_encoder_make(framebits, start_state, mode)}. */
    static CcEncoder ccsds(int frameBits, int startState, CcMode mode) {
        if (frameBits % 8 != 0) {
            throw new IllegalArgumentException("ccsds encoder: it reads whole bytes, so the frame size must be a "
                    + "multiple of 8 bits, got " + frameBits);
        }
        return new CcEncoder(frameBits, 7, 2, new int[] {109, 79}, startState & 0xFF, mode, false, 0xFF, true);
    }

    @Override
    public int inputSize() {
        return frame;
    }

    @Override
    public int outputSize() {
        return mode == CcMode.TERMINATED ? rate * (frame + k - 1) + padding : rate * frame;
    }

    @Override
    public double rate() {
        return rate;
    }

    @Override
    public boolean setFrameSize(int bits) {
        boolean ok = bits <= maxFrame;
        frame = Math.min(bits, maxFrame);
        return ok;
    }

    @Override
    public boolean packedInput() {
        return packedInput;
    }

    @Override
    public void encode(byte[] in, int ip, byte[] out, int op) {
        int s = state;
        if (mode == CcMode.TAILBITING) {
            for (int i = 0; i < k - 1; i++) {
                s = ((s << 1) | (in[ip + frame - (k - 1) + i] & 1)) & stateMask;
            }
        }
        for (int i = 0; i < frame; i++) {
            s = ((s << 1) | (in[ip + i] & 1)) & stateMask;
            emit(s, out, op + i * rate);
        }
        if (mode == CcMode.TERMINATED) {
            for (int i = 0; i < k - 1; i++) {
                s = ((s << 1) | ((state >>> (k - 2 - i)) & 1)) & stateMask;
                emit(s, out, op + (i + frame) * rate);
            }
            java.util.Arrays.fill(out, op + rate * (frame + k - 1), op + outputSize(), (byte) 0);
        }
        state = mode == CcMode.TRUNCATED ? state : s;
    }

    private void emit(int s, byte[] out, int at) {
        for (int j = 0; j < rate; j++) {
            int bit = Integer.bitCount(s & Math.abs(polys[j])) & 1;
            out[at + j] = (byte) (polys[j] < 0 ? bit ^ 1 : bit);
        }
    }
}
