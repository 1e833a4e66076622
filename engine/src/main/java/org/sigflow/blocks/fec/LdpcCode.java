package org.sigflow.blocks.fec;

/**
 * GNU Radio's {@code cldpc} (the {@code ldpc_encoder} and {@code ldpc_decoder} of an alist file): H from the row
 * lists, brought to systematic form by {@code GF2Mat::get_G}'s Gaussian elimination with column swaps (a zero row
 * moves to the end); rank r, K = N - r information bits. A codeword is x = [parity (r), data (K)] placed through the
 * column permutation; the data bits of a word are read back through it.
 */
final class LdpcCode {
    final String file;
    final int n;
    final int k;
    final int rank;
    private final byte[][] g;
    private final int[] permute;

    LdpcCode(LdpcAlist alist) {
        file = alist.file;
        n = alist.n;
        int m = alist.m;
        permute = new int[n];
        for (int c = 0; c < n; c++) {
            permute[c] = c;
        }
        g = alist.rowMatrix();
        int r = 0;
        int diag = 0;
        int limit = m;
        while (diag < limit) {
            int col = diag;
            while (col < n && g[diag][col] != 1) {
                col++;
            }
            if (col < n) {
                r++;
                swapColumns(diag, col);
                for (int row = 0; row < m; row++) {
                    if (row != diag && g[row][diag] == 1) {
                        for (int c = 0; c < n; c++) {
                            g[row][c] ^= g[diag][c];
                        }
                    }
                }
                diag++;
            } else {
                byte[] current = g[diag].clone();
                for (int row = diag; row < limit - 1; row++) {
                    g[row] = g[row + 1].clone();
                }
                g[limit - 1] = current;
                limit--;
            }
        }
        rank = r;
        k = n - r;
        if (k < 1) {
            throw new IllegalArgumentException("alist file '" + file + "' has full rank " + r + " for " + n
                    + " columns: no information bits");
        }
    }

    private void swapColumns(int a, int b) {
        for (byte[] row : g) {
            byte t = row[a];
            row[a] = row[b];
            row[b] = t;
        }
        int t = permute[a];
        permute[a] = permute[b];
        permute[b] = t;
    }

    /** K data bits from {@code in[ip]} → N code bits at {@code out[op]} ({@code cldpc::encode}). */
    void encode(byte[] in, int ip, byte[] out, int op) {
        byte[] x = new byte[n];
        for (int i = rank; i < n; i++) {
            x[i] = in[ip + i - rank];
        }
        for (int i = 0; i < rank; i++) {
            byte sum = 0;
            for (int j = 0; j < k; j++) {
                sum ^= (byte) (g[i][n - k + j] & in[ip + j]);
            }
            x[i] = sum;
        }
        for (int i = 0; i < n; i++) {
            out[op + permute[i]] = x[i];
        }
    }

    /** The K data bits of a word ({@code cldpc::get_systematic_bits}). */
    void dataBits(byte[] word, byte[] out, int op) {
        for (int i = 0; i < k; i++) {
            out[op + i] = word[permute[i + rank]];
        }
    }
}
