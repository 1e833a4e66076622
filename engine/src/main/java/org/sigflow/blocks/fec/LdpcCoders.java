package org.sigflow.blocks.fec;

/**
 * GNU Radio's LDPC coder objects on an {@link LdpcMatrix} or an {@link LdpcCode}: {@code ldpc_gen_mtrx_encoder} and
 * {@code ldpc_par_mtrx_encoder} ({@link MatrixEncoder}), {@code ldpc_bit_flip_decoder} ({@link BitFlipDecoder}),
 * {@code ldpc_encoder} ({@link AlistEncoder}: fixed frames) and {@code ldpc_decoder} ({@link SumProductDecoder}). A
 * frame of the matrix coders and the sum-product decoder is a whole number of codewords; another frame size is
 * refused, as GNU Radio throws.
 */
final class LdpcCoders {
    private LdpcCoders() {}

    /** GNU Radio's frame size check: a multiple of the information word. */
    private static void checkFrame(String who, int bits, int k, String what) {
        if (bits <= 0 || bits % k != 0) {
            throw new IllegalArgumentException(who + ": frame size " + bits + " bits is not a multiple of the "
                    + "information word size (" + k + ") of " + what);
        }
    }

    /** Words of k bits → words of n bits; the frame is any number of words (at first one). */
    static final class MatrixEncoder implements FecEncoder {
        private final LdpcMatrix matrix;
        private final double rate;
        private int frame;

        MatrixEncoder(LdpcMatrix matrix) {
            this.matrix = matrix;
            this.rate = (double) matrix.n / matrix.k;
            this.frame = matrix.k;
        }

        @Override
        public int inputSize() {
            return frame;
        }

        @Override
        public int outputSize() {
            return (int) Math.round(rate * frame);
        }

        @Override
        public double rate() {
            return rate;
        }

        @Override
        public boolean setFrameSize(int bits) {
            checkFrame("LDPC encoder", bits, matrix.k, matrix.describe());
            frame = bits;
            return true;
        }

        @Override
        public void encode(byte[] in, int ip, byte[] out, int op) {
            for (int i = 0, j = 0; i < frame; i += matrix.k, j += matrix.n) {
                matrix.encode(in, ip + i, out, op + j);
            }
        }
    }

    /** Hard-decision bit flipping on either matrix: words of n symbols → their k information bits. */
    static final class BitFlipDecoder implements FecDecoder {
        private final LdpcMatrix matrix;
        private final int maxIterations;
        private final double rate;
        private int frame;

        BitFlipDecoder(LdpcMatrix matrix, int maxIterations) {
            if (maxIterations < 0) {
                throw new IllegalArgumentException("LDPC bit flip decoder: max iterations must be at least 0, got "
                        + maxIterations);
            }
            this.matrix = matrix;
            this.maxIterations = maxIterations;
            this.rate = (double) matrix.k / matrix.n;
            this.frame = matrix.k;
        }

        @Override
        public int inputSize() {
            return (int) Math.round(frame / rate);
        }

        @Override
        public int outputSize() {
            return frame;
        }

        @Override
        public double rate() {
            return rate;
        }

        @Override
        public boolean setFrameSize(int bits) {
            checkFrame("LDPC bit flip decoder", bits, matrix.k, matrix.describe());
            frame = bits;
            return true;
        }

        @Override
        public void decode(Object in, int ip, byte[] out, int op) {
            for (int i = 0, j = 0; i < inputSize(); i += matrix.n, j += matrix.k) {
                matrix.bitFlipDecode((float[]) in, ip + i, out, op + j, maxIterations);
            }
        }
    }

    /** {@code ldpc_encoder}: one word of K bits → N bits; its frame size never changes (rate K/N, as GNU Radio's). */
    static final class AlistEncoder implements FecEncoder {
        private final LdpcCode code;

        AlistEncoder(LdpcCode code) {
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
            return (double) code.k / code.n;
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

    /** {@code ldpc_decoder}: words of N soft symbols (positive: 1) → their K data bits by sum-product decoding. */
    static final class SumProductDecoder implements FecDecoder {
        private final LdpcCode code;
        private final LdpcSumProduct spa;
        private final double rate;
        private final float[] rx;
        private int frame;
        private float iterations;

        SumProductDecoder(LdpcCode code, LdpcAlist alist, float sigma, int maxIterations) {
            this.code = code;
            this.spa = new LdpcSumProduct(alist, code.rank, sigma, maxIterations);
            this.rate = (double) code.k / code.n;
            this.rx = new float[code.n];
            this.frame = code.k;
        }

        @Override
        public int inputSize() {
            return (int) Math.round(frame / rate);
        }

        @Override
        public int outputSize() {
            return frame;
        }

        @Override
        public double rate() {
            return rate;
        }

        @Override
        public boolean setFrameSize(int bits) {
            checkFrame("LDPC decoder", bits, code.k, "alist file '" + code.file + "' (n=" + code.n + ", k=" + code.k
                    + ")");
            frame = bits;
            return true;
        }

        /** The last word's, as GNU Radio's {@code ldpc_decoder} keeps it. */
        @Override
        public float iterations() {
            return iterations;
        }

        @Override
        public void decode(Object in, int ip, byte[] out, int op) {
            float[] f = (float[]) in;
            for (int i = 0, j = 0; i < inputSize(); i += code.n, j += code.k) {
                for (int s = 0; s < code.n; s++) {
                    rx[s] = f[ip + i + s] * -1;
                }
                code.dataBits(spa.decode(rx, 0), out, op + j);
                iterations = spa.iterations;
            }
        }
    }
}
