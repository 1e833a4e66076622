package org.sigflow.blocks.fec;

/**
 * GNU Radio's polar encoder and successive-cancellation decoder objects around a {@link PolarCode}: fixed frames of K
 * information bits and N code bits ({@code set_frame_size} changes nothing and says so, as GNU Radio's).
 */
final class PolarCoders {
    private PolarCoders() {}

    static final class Encoder implements FecEncoder {
        private final PolarCode code;

        Encoder(PolarCode code) {
            this.code = code;
        }

        @Override
        public int inputSize() {
            return code.k;
        }

        @Override
        public int outputSize() {
            return code.n;
        }

        @Override
        public double rate() {
            return (double) code.n / code.k;
        }

        @Override
        public boolean setFrameSize(int bits) {
            return false;
        }

        @Override
        public void encode(byte[] in, int ip, byte[] out, int op) {
            code.encode(in, ip, out, op);
        }
    }

    static final class ScDecoder implements FecDecoder {
        private final PolarCode code;

        ScDecoder(PolarCode code) {
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

        @Override
        public void decode(Object in, int ip, byte[] out, int op) {
            code.decodeSc((float[]) in, ip, out, op);
        }
    }
}
