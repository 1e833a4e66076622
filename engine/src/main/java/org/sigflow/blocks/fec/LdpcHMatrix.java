package org.sigflow.blocks.fec;

import java.nio.file.Path;

/**
 * GNU Radio's {@code ldpc_H_matrix}: a parity check matrix H (n-k rows, n columns) in Richardson and Urbanke's
 * approximate lower triangular form with gap g, read from an alist file, encoded as their Appendix A (and GNU
 * Radio) does: with t = n-k-g, H = [T A B; E C D], phi = E T^-1 A + C, p2 = phi^-1 (E T^-1 B s + D s),
 * p1 = T^-1 (A p2 + B s) by back substitution; the codeword is [p1 p2 s] (parity bits first).
 */
final class LdpcHMatrix extends LdpcMatrix {
    private final int t;
    private final byte[][] a;
    private final byte[][] b;
    private final byte[][] tUpper;
    private final byte[][] e;
    private final byte[][] d;
    private final byte[][] phiInverse;

    private LdpcHMatrix(String file, byte[][] h, int gap) {
        super(file, h[0].length, h[0].length - h.length, h, false);
        int rows = h.length;
        t = rows - gap;
        tUpper = Gf2.sub(h, 0, 0, t, t);
        e = Gf2.sub(h, t, 0, gap, t);
        a = Gf2.sub(h, 0, t, t, gap);
        byte[][] c = Gf2.sub(h, t, t, gap, gap);
        b = Gf2.sub(h, 0, t + gap, t, n - gap - t);
        d = Gf2.sub(h, t, t + gap, gap, n - gap - t);
        byte[][] tInverse = Gf2.inverse(tUpper);
        if (tInverse == null) {
            throw new IllegalArgumentException(problem(file, gap, "its T part (the first " + t + " rows and columns) "
                    + "has no inverse mod 2"));
        }
        byte[][] phi = Gf2.plus(c, Gf2.times(Gf2.times(e, tInverse), a));
        phiInverse = Gf2.isZero(phi) ? null : Gf2.inverse(phi);
        if (phiInverse == null) {
            throw new IllegalArgumentException(problem(file, gap, "phi = E T^-1 A + C (" + gap + " x " + gap
                    + ") has no inverse mod 2"));
        }
    }

    private static String problem(String file, int gap, String why) {
        return "alist file '" + file + "' is not a parity check matrix for GNU Radio's encoder with gap " + gap
                + ": " + why + " (check the gap)";
    }

    static LdpcHMatrix read(Path path, int gap) {
        LdpcAlist alist = LdpcAlist.read(path);
        if (alist.m >= alist.n) {
            throw new IllegalArgumentException("alist file '" + alist.file + "' is not a parity check matrix: it has "
                    + alist.m + " rows for " + alist.n + " columns (no information bits)");
        }
        if (gap < 1 || gap >= alist.m) {
            throw new IllegalArgumentException("alist file '" + alist.file + "': gap " + gap + " must be 1 to "
                    + (alist.m - 1) + " (the matrix has " + alist.m + " rows)");
        }
        return new LdpcHMatrix(alist.file, alist.columnMatrix(), gap);
    }

    @Override
    void encode(byte[] in, int ip, byte[] out, int op) {
        byte[] s = java.util.Arrays.copyOfRange(in, ip, ip + k);
        byte[] bs = Gf2.times(b, s);
        byte[] p2 = Gf2.times(phiInverse, Gf2.plus(Gf2.times(d, s), Gf2.times(e, backSolve(bs))));
        byte[] p1 = backSolve(Gf2.plus(Gf2.times(a, p2), bs));
        System.arraycopy(p1, 0, out, op, t);
        System.arraycopy(p2, 0, out, op + t, p2.length);
        System.arraycopy(s, 0, out, op + t + p2.length, k);
    }

    /**
     * x with T x = y mod 2, T upper triangular, as GNU Radio's {@code back_solve_mod2} (a 0 on the diagonal divides
     * nothing: x stays as summed, GNU Radio prints an error).
     */
    private byte[] backSolve(byte[] y) {
        byte[] x = new byte[t];
        for (int i = t - 1; i >= 0; i--) {
            int xi = y[i];
            for (int j = i + 1; j < t; j++) {
                xi = (xi + (tUpper[i][j] * x[j]) % 2) % 2;
            }
            x[i] = (byte) xi;
        }
        return x;
    }

    @Override
    String describe() {
        return "parity check matrix '" + file + "' (n=" + n + ", k=" + k + ")";
    }
}
