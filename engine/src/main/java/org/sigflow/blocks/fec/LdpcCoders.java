package org.sigflow.blocks.fec;

/**
 * GNU Radio's LDPC coder objects on an {@link LdpcMatrix} or an {@link LdpcCode}: {@code ldpc_gen_mtrx_encoder} and
 * {@code ldpc_par_mtrx_encoder} ({@link MatrixEncoder}), {@code ldpc_bit_flip_decoder} ({@link BitFlipDecoder}),
 * {@code ldpc_encoder} ({@link #alistEncoder}: fixed frames) and {@code ldpc_decoder} ({@link SumProductDecoder}). A
 * frame of the matrix coders and the decoders is a whole number of codewords; another frame size is refused, as GNU
 * Radio throws.
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

    /** {@code ldpc_encoder}: one word of K bits → N bits; its frame size never changes (rate K/N, as GNU Radio's). */
    static FecEncoder alistEncoder(LdpcCode code) {
        return new FixedEncoder(code.k, code.n, (double) code.k / code.n, code::encode);
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

    /** A decoder of frames of whole words: n soft symbols (positive: 1) → k bits each. */
    private abstract static class WordsDecoder implements FecDecoder {
        private final String who;
        private final String what;
        final int k;
        final int n;
        private final double rate;
        private int frame;

        WordsDecoder(String who, String what, int k, int n) {
            this.who = who;
            this.what = what;
            this.k = k;
            this.n = n;
            this.rate = (double) k / n;
            this.frame = k;
        }

        /** One word: n symbols from {@code in[ip]} → k bits at {@code out[op]}. */
        abstract void decodeWord(float[] in, int ip, byte[] out, int op);

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
            checkFrame(who, bits, k, what);
            frame = bits;
            return true;
        }

        @Override
        public void decode(Object in, int ip, byte[] out, int op) {
            for (int i = 0, j = 0; i < inputSize(); i += n, j += k) {
                decodeWord((float[]) in, ip + i, out, op + j);
            }
        }
    }

    /** Hard-decision bit flipping on either matrix. */
    static final class BitFlipDecoder extends WordsDecoder {
        private final LdpcMatrix matrix;
        private final int maxIterations;

        BitFlipDecoder(LdpcMatrix matrix, int maxIterations) {
            super("LDPC bit flip decoder", matrix.describe(), matrix.k, matrix.n);
            if (maxIterations < 0) {
                throw new IllegalArgumentException("LDPC bit flip decoder: max iterations must be at least 0, got "
                        + maxIterations);
            }
            this.matrix = matrix;
            this.maxIterations = maxIterations;
        }

        @Override
        void decodeWord(float[] in, int ip, byte[] out, int op) {
            matrix.bitFlipDecode(in, ip, out, op, maxIterations);
        }
    }

    /** {@code ldpc_decoder}: sum-product decoding of each word, its data bits read back through the permutation. */
    static final class SumProductDecoder extends WordsDecoder {
        private final LdpcCode code;
        private final LdpcSumProduct spa;
        private final float[] rx;
        private float iterations;

        SumProductDecoder(LdpcCode code, LdpcAlist alist, float sigma, int maxIterations) {
            super("LDPC decoder", "alist file '" + code.file + "' (n=" + code.n + ", k=" + code.k + ")", code.k,
                    code.n);
            this.code = code;
            this.spa = new LdpcSumProduct(alist, code.rank, sigma, maxIterations);
            this.rx = new float[code.n];
        }

        /** The last word's, as GNU Radio's {@code ldpc_decoder} keeps it. */
        @Override
        public float iterations() {
            return iterations;
        }

        @Override
        void decodeWord(float[] in, int ip, byte[] out, int op) {
            for (int s = 0; s < n; s++) {
                rx[s] = in[ip + s] * -1;     // GNU Radio's decoder negates: awgn_bp's negative symbol is a 1
            }
            code.dataBits(spa.decode(rx, 0), out, op);
            iterations = spa.iterations;
        }
    }
}
