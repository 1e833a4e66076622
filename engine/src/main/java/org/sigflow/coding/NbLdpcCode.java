package org.sigflow.coding;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A regular (2, 4) non-binary LDPC code over GF(q): {@code n} symbols, {@code n/2} checks of 4 symbols each, built
 * from a seed (a random socket matching without a symbol twice in one check, nonzero random coefficients).
 * Edges are numbered in check order: edge {@code e} is socket {@code e % 4} of check {@code e / 4}. Its null space
 * (by Gaussian elimination over GF(q)) gives the codewords.
 */
public final class NbLdpcCode {
    public static final int DV = 2;
    public static final int DC = 4;
    private final GaloisField gf;
    private final int n;
    private final int[] edgeVar;
    private final int[] edgeCoef;
    private final int[][] varEdges;
    private final int[][] basis;

    public NbLdpcCode(int q, int n, long seed) {
        requireLength(n);
        this.gf = new GaloisField(q);
        this.n = n;
        int edges = DV * n;
        SplittableRandom r = new SplittableRandom(seed);
        edgeVar = match(n, edges, r);
        edgeCoef = new int[edges];
        varEdges = new int[n][DV];
        int[] fill = new int[n];
        for (int e = 0; e < edges; e++) {
            edgeCoef[e] = 1 + r.nextInt(q - 1);
            int v = edgeVar[e];
            varEdges[v][fill[v]++] = e;
        }
        basis = nullSpace();
    }

    /** Refuses a code length that is odd or below 4 symbols. */
    public static int requireLength(int n) {
        if (n < 4 || n % 2 != 0) {
            throw new IllegalArgumentException("code length must be even and >= 4 symbols, got " + n);
        }
        return n;
    }

    /** Assigns the DV sockets of every symbol to check sockets, retrying until no check holds a symbol twice. */
    private static int[] match(int n, int edges, SplittableRandom r) {
        int[] sockets = new int[edges];
        for (int tries = 0; ; tries++) {
            for (int e = 0; e < edges; e++) {
                sockets[e] = e % n;
            }
            for (int i = edges - 1; i > 0; i--) {
                int j = r.nextInt(i + 1);
                int t = sockets[i];
                sockets[i] = sockets[j];
                sockets[j] = t;
            }
            if (distinctPerCheck(sockets) || tries > 10_000) {
                return sockets;
            }
        }
    }

    private static boolean distinctPerCheck(int[] sockets) {
        for (int c = 0; c < sockets.length; c += DC) {
            for (int i = c; i < c + DC; i++) {
                for (int j = i + 1; j < c + DC; j++) {
                    if (sockets[i] == sockets[j]) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** A basis of {x : H x = 0}: one vector per free column of H's reduced row echelon form. */
    private int[][] nullSpace() {
        int m = n / 2;
        int[][] h = new int[m][n];
        for (int e = 0; e < edgeVar.length; e++) {
            h[e / DC][edgeVar[e]] ^= edgeCoef[e];
        }
        int[] pivotCol = new int[m];
        boolean[] isPivot = new boolean[n];
        int rank = 0;
        for (int col = 0; col < n && rank < m; col++) {
            int p = rank;
            while (p < m && h[p][col] == 0) {
                p++;
            }
            if (p == m) {
                continue;
            }
            int[] t = h[p];
            h[p] = h[rank];
            h[rank] = t;
            int inv = gf.inverse(h[rank][col]);
            for (int j = 0; j < n; j++) {
                h[rank][j] = gf.mul(h[rank][j], inv);
            }
            for (int i = 0; i < m; i++) {
                int f = h[i][col];
                if (i != rank && f != 0) {
                    for (int j = 0; j < n; j++) {
                        h[i][j] ^= gf.mul(f, h[rank][j]);
                    }
                }
            }
            pivotCol[rank++] = col;
            isPivot[col] = true;
        }
        List<int[]> vectors = new ArrayList<>();
        for (int free = 0; free < n; free++) {
            if (!isPivot[free]) {
                int[] x = new int[n];
                x[free] = 1;
                for (int i = 0; i < rank; i++) {
                    x[pivotCol[i]] = h[i][free]; // x_p = -h[i][free], and -a = a in GF(2^m)
                }
                vectors.add(x);
            }
        }
        return vectors.toArray(int[][]::new);
    }

    /** A uniformly random codeword: a random combination of the null-space basis. */
    public int[] randomCodeword(SplittableRandom r) {
        int[] c = new int[n];
        for (int[] b : basis) {
            int u = r.nextInt(gf.size());
            for (int j = 0; j < n; j++) {
                c[j] ^= gf.mul(u, b[j]);
            }
        }
        return c;
    }

    /** H c over GF(q): all zeros for a codeword. */
    public int[] syndrome(int[] c) {
        int[] s = new int[n / 2];
        for (int e = 0; e < edgeVar.length; e++) {
            s[e / DC] ^= gf.mul(edgeCoef[e], c[edgeVar[e]]);
        }
        return s;
    }

    public GaloisField field() {
        return gf;
    }

    public int length() {
        return n;
    }

    public int edges() {
        return edgeVar.length;
    }

    /** Information symbols per codeword (the null space's dimension). */
    public int dimension() {
        return basis.length;
    }

    public int edgeVariable(int e) {
        return edgeVar[e];
    }

    public int edgeCoefficient(int e) {
        return edgeCoef[e];
    }

    /** The DV edges of symbol {@code v}. */
    public int[] variableEdges(int v) {
        return varEdges[v];
    }
}
