package org.sigflow.blocks.fec;

/**
 * GNU Radio's polar encoder and successive-cancellation decoder objects around a {@link PolarCode} (the list
 * decoder: {@link PolarListDecoder}): fixed frames of K information bits and N code bits ({@code set_frame_size}
 * changes nothing and says so, as GNU Radio's).
 */
final class PolarCoders {
    private PolarCoders() {}

    /** GNU Radio's polar encoder: K bits → N, rate N/K. */
    static FecEncoder encoder(PolarCode code) {
        return new FixedEncoder(code.k, code.n, (double) code.n / code.k, code::encode);
    }

    /** A decoder of fixed frames: N soft symbols → K bits. */
    abstract static class FixedDecoder implements FecDecoder {
        final PolarCode code;

        FixedDecoder(PolarCode code) {
            this.code = code;
        }

        @Override
        public int inputSize() {
            return code.n;
        }

        @Override
        public int outputSize() {
            return code.k;
        }

        @Override
        public double rate() {
            return (double) code.k / code.n;
        }

        @Override
        public boolean setFrameSize(int bits) {
            return false;
        }
    }

    static final class ScDecoder extends FixedDecoder {
        ScDecoder(PolarCode code) {
            super(code);
        }

        @Override
        public void decode(Object in, int ip, byte[] out, int op) {
            code.decodeSc((float[]) in, ip, out, op);
        }
    }
}
