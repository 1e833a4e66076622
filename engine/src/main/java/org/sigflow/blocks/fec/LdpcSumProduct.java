package org.sigflow.blocks.fec;

/**
 * GNU Radio's {@code awgn_bp}: sum-product (belief propagation) decoding of likelihood ratios for an AWGN channel of
 * noise deviation sigma, over the alist's row and column lists, in GNU Radio's order and precision (ratios
 * exp(-y / (2 sigma^2)) with the quotient in float, messages in double). The word is the hard decision (y < 0 → 1)
 * when that satisfies the first {@code rank} checks, else the decision after each iteration until it does or
 * {@code maxIterations} ran.
 */
final class LdpcSumProduct {
    private final int n;
    private final int m;
    private final int checks;
    private final byte[][] h;
    private final int[][] rows;
    private final int[][] cols;
    private final float sigma;
    private final int maxIterations;
    private final double[][] q;
    private final double[][] r;
    private final double[] rxLr;
    private final double[] lr;
    private final byte[] estimate;
    /** Iterations the last {@link #decode} ran (0: the hard decision was a codeword). */
    int iterations;

    /** {@code checks}: the rows of H the syndrome covers (GNU Radio's N - K, the rank). */
    LdpcSumProduct(LdpcAlist alist, int checks, float sigma, int maxIterations) {
        n = alist.n;
        m = alist.m;
        this.checks = checks;
        h = alist.rowMatrix();
        rows = alist.rowColumns;
        cols = alist.columnRows;
        this.sigma = sigma;
        this.maxIterations = maxIterations;
        q = new double[m][n];
        r = new double[m][n];
        rxLr = new double[n];
        lr = new double[n];
        estimate = new byte[n];
    }

    /** Decodes N symbols y from {@code rx[ip]} (negative means 1, GNU Radio's sign); the word, until the next call. */
    byte[] decode(float[] rx, int ip) {
        for (int i = 0; i < n; i++) {
            estimate[i] = (byte) (rx[ip + i] < 0 ? 1 : 0);
        }
        iterations = 0;
        if (isCodeword()) {
            return estimate;
        }
        float twoSigmaSquared = 2 * sigma * sigma;
        for (int i = 0; i < n; i++) {
            rxLr[i] = Math.exp((-rx[ip + i]) / twoSigmaSquared);
        }
        for (int v = 0; v < n; v++) {
            for (int c : cols[v]) {
                q[c - 1][v] = rxLr[v];
            }
        }
        while (iterations < maxIterations) {
            iterations++;
            updateChecks();
            updateVariables();
            for (int i = 0; i < n; i++) {
                estimate[i] = (byte) (lr[i] > 1 ? 1 : 0);
            }
            if (isCodeword()) {
                break;
            }
        }
        return estimate;
    }

    private void updateChecks() {
        for (int chk = 0; chk < m; chk++) {
            double product = 1.0;
            for (int v : rows[chk]) {
                product = product * (2 / (1 + q[chk][v - 1]) - 1);
            }
            for (int v : rows[chk]) {
                double p = product / (2 / (1 + q[chk][v - 1]) - 1);
                r[chk][v - 1] = (1 - p) / (1 + p);
            }
        }
    }

    private void updateVariables() {
        for (int v = 0; v < n; v++) {
            double sum = rxLr[v];
            for (int c : cols[v]) {
                sum = sum * r[c - 1][v];
            }
            lr[v] = sum;
            for (int c : cols[v]) {
                q[c - 1][v] = sum / r[c - 1][v];
            }
        }
    }

    private boolean isCodeword() {
        for (int i = 0; i < checks; i++) {
            int s = 0;
            for (int c = 0; c < n; c++) {
                s ^= h[i][c] & estimate[c];
            }
            if (s != 0) {
                return false;
            }
        }
        return true;
    }
}
