package org.sigflow.blocks.fec;

/**
 * GNU Radio's {@code fec_mtrx}: an LDPC code's parity check matrix H (n-k rows, n columns) with its encoder, and the
 * hard-decision bit-flip decoding its {@code ldpc_bit_flip_decoder} runs on it. Subclasses are the generator matrix
 * ({@link LdpcGMatrix}, parity bits last) and the Richardson-Urbanke parity check matrix ({@link LdpcHMatrix},
 * parity bits first). Bits are one per byte; arithmetic is GNU Radio's: integer sums, then mod 2.
 */
abstract class LdpcMatrix {
    final String file;
    final int n;
    final int k;
    final byte[][] h;
    private final boolean parityLast;

    LdpcMatrix(String file, int n, int k, byte[][] h, boolean parityLast) {
        this.file = file;
        this.n = n;
        this.k = k;
        this.h = h;
        this.parityLast = parityLast;
    }

    /** k information bits from {@code in[ip]} → n code bits at {@code out[op]}. */
    abstract void encode(byte[] in, int ip, byte[] out, int op);

    /**
     * GNU Radio's {@code decode}: slice (positive → 1), then while the syndrome is not zero and fewer than
     * {@code maxIterations} rounds ran, flip every bit that is in the most unsatisfied checks; the k information
     * bits (first or last, by the matrix) are written whether or not a codeword was found.
     */
    void bitFlipDecode(float[] in, int ip, byte[] out, int op, int maxIterations) {
        byte[] x = new byte[n];
        for (int i = 0; i < n; i++) {
            x[i] = (byte) (in[ip + i] > 0 ? 1 : 0);
        }
        byte[] syndrome = Gf2.times(h, x);
        int count = 0;
        boolean found = Gf2.isZero(syndrome);
        while (count < maxIterations && !found) {
            int[] counts = new int[n];
            for (int r = 0; r < syndrome.length; r++) {
                if (syndrome[r] != 0) {
                    for (int c = 0; c < n; c++) {
                        counts[c] += h[r][c] > 0 ? 1 : 0;
                    }
                }
            }
            int max = 0;
            for (int c = 0; c < n; c++) {
                max = Math.max(max, counts[c]);
            }
            for (int c = 0; c < n; c++) {
                if (counts[c] == max) {
                    x[c] ^= 1;
                }
            }
            syndrome = Gf2.times(h, x);
            if (Gf2.isZero(syndrome)) {
                break;
            }
            count++;
        }
        System.arraycopy(x, parityLast ? 0 : n - k, out, op, k);
    }

    /** What the matrix is, for messages: {@code generator matrix 'file' (n=100, k=58)}. */
    abstract String describe();
}
