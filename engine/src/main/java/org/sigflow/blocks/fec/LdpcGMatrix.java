package org.sigflow.blocks.fec;

import java.nio.file.Path;

/**
 * GNU Radio's {@code ldpc_G_matrix}: a systematic generator matrix G = [I P] (k rows, n columns) read from an alist
 * file; H = [P' I]. Encoding is G' s mod 2 (information bits first, parity bits last). As GNU Radio, only the
 * diagonal of the identity part is checked.
 */
final class LdpcGMatrix extends LdpcMatrix {
    private final byte[][] gTransposed;

    private LdpcGMatrix(String file, byte[][] g) {
        super(file, g[0].length, g.length, parityCheck(g), true);
        this.gTransposed = Gf2.transpose(g);
    }

    static LdpcGMatrix read(Path path) {
        LdpcAlist alist = LdpcAlist.read(path);
        byte[][] g = alist.columnMatrix();
        int k = alist.m;
        if (k > alist.n) {
            throw new IllegalArgumentException("alist file '" + alist.file + "' is not a generator matrix G = [I P]: "
                    + "it has more rows (" + k + ") than columns (" + alist.n + ")");
        }
        for (int i = 0; i < k; i++) {
            if (g[i][i] != 1) {
                throw new IllegalArgumentException("alist file '" + alist.file + "' is not a generator matrix of the "
                        + "form G = [I P] (row " + (i + 1) + " has no 1 on the diagonal), as GNU Radio's "
                        + "ldpc_G_matrix needs");
            }
        }
        return new LdpcGMatrix(alist.file, g);
    }

    /** H = [P' I] of G = [I P]. */
    private static byte[][] parityCheck(byte[][] g) {
        int k = g.length;
        int n = g[0].length;
        byte[][] h = new byte[n - k][n];
        for (int r = 0; r < n - k; r++) {
            for (int c = 0; c < k; c++) {
                h[r][c] = g[c][k + r];
            }
            h[r][k + r] = 1;
        }
        return h;
    }

    @Override
    void encode(byte[] in, int ip, byte[] out, int op) {
        byte[] s = java.util.Arrays.copyOfRange(in, ip, ip + k);
        System.arraycopy(Gf2.times(gTransposed, s), 0, out, op, n);
    }

    @Override
    String describe() {
        return "generator matrix '" + file + "' (n=" + n + ", k=" + k + ")";
    }
}
