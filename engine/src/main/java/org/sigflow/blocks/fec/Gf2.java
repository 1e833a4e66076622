package org.sigflow.blocks.fec;

/**
 * Mod-2 matrix arithmetic as GNU Radio's {@code fec_mtrx} does it: integer products and sums, then the remainder mod
 * 2 (so a byte of 3 counts as 1 in a product). Matrices are rows of bytes, vectors bytes (unsigned).
 */
final class Gf2 {
    private Gf2() {}

    /** {@code a v} mod 2. */
    static byte[] times(byte[][] a, byte[] v) {
        byte[] out = new byte[a.length];
        for (int r = 0; r < a.length; r++) {
            int sum = 0;
            byte[] row = a[r];
            for (int c = 0; c < row.length; c++) {
                sum += row[c] * (v[c] & 0xFF);
            }
            out[r] = (byte) (sum % 2);
        }
        return out;
    }

    /** {@code a b} mod 2. */
    static byte[][] times(byte[][] a, byte[][] b) {
        int cols = b.length == 0 ? 0 : b[0].length;
        byte[][] out = new byte[a.length][cols];
        for (int r = 0; r < a.length; r++) {
            for (int c = 0; c < cols; c++) {
                int sum = 0;
                for (int i = 0; i < b.length; i++) {
                    sum += a[r][i] * b[i][c];
                }
                out[r][c] = (byte) (sum % 2);
            }
        }
        return out;
    }

    /** {@code a + b} mod 2 (vectors). */
    static byte[] plus(byte[] a, byte[] b) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (byte) (((a[i] & 0xFF) + (b[i] & 0xFF)) % 2);
        }
        return out;
    }

    /** {@code a + b} mod 2 (matrices). */
    static byte[][] plus(byte[][] a, byte[][] b) {
        byte[][] out = new byte[a.length][];
        for (int r = 0; r < a.length; r++) {
            out[r] = plus(a[r], b[r]);
        }
        return out;
    }

    static boolean isZero(byte[] v) {
        for (byte b : v) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    static boolean isZero(byte[][] a) {
        for (byte[] row : a) {
            if (!isZero(row)) {
                return false;
            }
        }
        return true;
    }

    /** Rows {@code r0..r0+rows}, columns {@code c0..c0+cols} of {@code a} (a copy). */
    static byte[][] sub(byte[][] a, int r0, int c0, int rows, int cols) {
        byte[][] out = new byte[rows][];
        for (int r = 0; r < rows; r++) {
            out[r] = java.util.Arrays.copyOfRange(a[r0 + r], c0, c0 + cols);
        }
        return out;
    }

    static byte[][] transpose(byte[][] a) {
        int cols = a.length == 0 ? 0 : a[0].length;
        byte[][] out = new byte[cols][a.length];
        for (int r = 0; r < a.length; r++) {
            for (int c = 0; c < cols; c++) {
                out[c][r] = a[r][c];
            }
        }
        return out;
    }

    /**
     * The inverse of a square 0/1 matrix over GF(2) (Gauss-Jordan), or {@code null} when it has none. GNU Radio's
     * {@code calc_inverse_mod2} takes a real LU inverse times the determinant mod 2: the adjugate, which is this
     * inverse whenever the determinant is odd, and fails its identity check when it is even (no GF(2) inverse).
     */
    static byte[][] inverse(byte[][] a) {
        int n = a.length;
        byte[][] m = new byte[n][2 * n];
        for (int r = 0; r < n; r++) {
            System.arraycopy(a[r], 0, m[r], 0, n);
            m[r][n + r] = 1;
        }
        for (int col = 0; col < n; col++) {
            int pivot = col;
            while (pivot < n && m[pivot][col] == 0) {
                pivot++;
            }
            if (pivot == n) {
                return null;
            }
            byte[] t = m[pivot];
            m[pivot] = m[col];
            m[col] = t;
            for (int r = 0; r < n; r++) {
                if (r != col && m[r][col] != 0) {
                    for (int c = 0; c < 2 * n; c++) {
                        m[r][c] ^= m[col][c];
                    }
                }
            }
        }
        return sub(m, 0, n, n, n);
    }
}
