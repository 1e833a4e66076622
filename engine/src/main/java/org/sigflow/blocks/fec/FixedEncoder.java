package org.sigflow.blocks.fec;

/**
 * An encoder of fixed frames, k bits → n code bits, whose {@code set_frame_size} changes nothing and says so (GNU
 * Radio's polar encoder and {@code ldpc_encoder}); {@code rate} is what GNU Radio's {@code rate()} returns.
 */
final class FixedEncoder implements FecEncoder {
    /** Encodes one frame: k bits from {@code in[ip]} → n bits at {@code out[op]}. */
    interface Frame {
        void encode(byte[] in, int ip, byte[] out, int op);
    }

    private final int k;
    private final int n;
    private final double rate;
    private final Frame frame;

    FixedEncoder(int k, int n, double rate, Frame frame) {
        this.k = k;
        this.n = n;
        this.rate = rate;
        this.frame = frame;
    }

    @Override
    public int inputSize() {
        return k;
    }

    @Override
    public int outputSize() {
        return n;
    }

    @Override
    public double rate() {
        return rate;
    }

    @Override
    public boolean setFrameSize(int bits) {
        return false;
    }

    @Override
    public void encode(byte[] in, int ip, byte[] out, int op) {
        frame.encode(in, ip, out, op);
    }
}
