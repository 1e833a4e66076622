package org.sigflow.blocks.fec;

/**
 * GNU Radio's dummy and repetition coders: the dummy encoder copies bits, its decoder slices (≥ 0 → 1, VOLK's
 * binary slicer); the repetition encoder writes each bit {@code rep} times, its decoder outputs 1 when the share of
 * positive symbols of a bit exceeds {@code ap_prob}.
 */
final class SimpleCoders {
    private SimpleCoders() {}

    /** Frame size handling common to both coders: at most the size it was made with. */
    private abstract static class Framed {
        final int maxFrame;
        int frame;

        Framed(String what, int frameBits) {
            if (frameBits < 1) {
                throw new IllegalArgumentException(what + ": frame size must be at least 1 bit, got " + frameBits);
            }
            maxFrame = frameBits;
            frame = frameBits;
        }

        public boolean setFrameSize(int bits) {
            frame = Math.min(bits, maxFrame);
            return bits <= maxFrame;
        }
    }

    static final class RepetitionEncoder extends Framed implements FecEncoder {
        private final int rep;

        RepetitionEncoder(int frameBits, int rep) {
            super("repetition encoder", frameBits);
            if (rep < 1) {
                throw new IllegalArgumentException("repetition encoder: repetitions must be at least 1, got " + rep);
            }
            this.rep = rep;
        }

        @Override
        public int inputSize() {
            return frame;
        }

        @Override
        public int outputSize() {
            return frame * rep;
        }

        @Override
        public double rate() {
            return rep;
        }

        @Override
        public void encode(byte[] in, int ip, byte[] out, int op) {
            for (int i = 0; i < frame; i++) {
                java.util.Arrays.fill(out, op + i * rep, op + (i + 1) * rep, in[ip + i]);
            }
        }
    }

    static final class RepetitionDecoder extends Framed implements FecDecoder {
        private final int rep;
        private final float apProb;

        RepetitionDecoder(int frameBits, int rep, float apProb) {
            super("repetition decoder", frameBits);
            if (rep < 1) {
                throw new IllegalArgumentException("repetition decoder: repetitions must be at least 1, got " + rep);
            }
            if (apProb < 0 || apProb > 1) {
                throw new IllegalArgumentException("repetition decoder: a priori probability must be in [0, 1], got "
                        + apProb);
            }
            this.rep = rep;
            this.apProb = apProb;
        }

        @Override
        public int inputSize() {
            return frame * rep;
        }

        @Override
        public int outputSize() {
            return frame;
        }

        @Override
        public double rate() {
            return 1.0 / rep;
        }

        @Override
        public void decode(Object in, int ip, byte[] out, int op) {
            float[] f = (float[]) in;
            for (int i = 0; i < frame; i++) {
                int ones = 0;
                for (int r = 0; r < rep; r++) {
                    ones += f[ip + rep * i + r] > 0 ? 1 : 0;
                }
                out[op + i] = (byte) ((float) ones / (float) rep > apProb ? 1 : 0);
            }
        }
    }

    /** The dummy coder, both ways: the encoder copies bits, the decoder slices symbols (≥ 0 → 1). */
    static final class Dummy extends Framed implements FecEncoder, FecDecoder {
        Dummy(int frameBits) {
            super("dummy coder", frameBits);
        }

        @Override
        public int inputSize() {
            return frame;
        }

        @Override
        public int outputSize() {
            return frame;
        }

        @Override
        public double rate() {
            return 1;
        }

        @Override
        public void encode(byte[] in, int ip, byte[] out, int op) {
            System.arraycopy(in, ip, out, op, frame);
        }

        @Override
        public void decode(Object in, int ip, byte[] out, int op) {
            float[] f = (float[]) in;
            for (int i = 0; i < frame; i++) {
                out[op + i] = (byte) (f[ip + i] >= 0 ? 1 : 0);
            }
        }
    }
}
