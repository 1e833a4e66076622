package org.sigflow.coding;

/**
 * The probability-domain FFT-BP decoder's message steps outside the check node's transforms. Messages travel in
 * check-edge order, {@code q} floats per edge, in the check's domain: edge {@code e}'s message about its symbol
 * {@code x} is stored as a distribution of {@code y = h_e · x} (permuted), so that a check's constraint is
 * {@code y_1 + y_2 + y_3 + y_4 = 0} and its update is an XOR-convolution: Walsh–Hadamard transform, product, inverse.
 */
public final class NbLdpcMessages {
    private NbLdpcMessages() {}

    /** Check-node update in the transform domain: each edge gets the product of its check's other edges. */
    public static void checkProduct(float[] in, int inOff, float[] out, int outOff, int q, int checks) {
        int dc = NbLdpcCode.DC;
        for (int c = 0; c < checks; c++) {
            int base = c * dc * q;
            for (int k = 0; k < dc; k++) {
                for (int a = 0; a < q; a++) {
                    float p = 1f;
                    for (int j = 0; j < dc; j++) {
                        if (j != k) {
                            p *= in[inOff + base + j * q + a];
                        }
                    }
                    out[outOff + base + k * q + a] = p;
                }
            }
        }
    }

    /**
     * Variable-node update: each edge's outgoing message is the prior times the other edge's incoming one
     * (un-permuted, negatives of the float transforms clipped), normalised and permuted into the check's domain.
     */
    public static void variableUpdate(NbLdpcCode code, float[] priors, float[] in, int inOff, float[] out, int outOff) {
        int q = code.field().size();
        float[][] incoming = {new float[q], new float[q]};
        float[] msg = new float[q];
        for (int v = 0; v < code.length(); v++) {
            int[] e = code.variableEdges(v);
            for (int k = 0; k < NbLdpcCode.DV; k++) {
                fromCheck(code, e[k], in, inOff, incoming[k]);
            }
            for (int k = 0; k < NbLdpcCode.DV; k++) {
                for (int a = 0; a < q; a++) {
                    msg[a] = priors[v * q + a] * incoming[1 - k][a];
                }
                normalise(msg);
                toCheck(code, e[k], msg, out, outOff);
            }
        }
    }

    /** Hard decisions: per symbol the most probable value of prior × both incoming messages. */
    public static int[] decide(NbLdpcCode code, float[] priors, float[] in, int inOff) {
        int q = code.field().size();
        int[] x = new int[code.length()];
        float[] m0 = new float[q];
        float[] m1 = new float[q];
        for (int v = 0; v < x.length; v++) {
            int[] e = code.variableEdges(v);
            fromCheck(code, e[0], in, inOff, m0);
            fromCheck(code, e[1], in, inOff, m1);
            int best = 0;
            double bestP = -1;
            for (int a = 0; a < q; a++) {
                double p = (double) priors[v * q + a] * m0[a] * m1[a];
                if (p > bestP) {
                    bestP = p;
                    best = a;
                }
            }
            x[v] = best;
        }
        return x;
    }

    /** The channel priors permuted into every edge's check domain: the decoder's first variable-to-check messages. */
    public static void initial(NbLdpcCode code, float[] priors, float[] out, int outOff) {
        int q = code.field().size();
        float[] msg = new float[q];
        for (int e = 0; e < code.edges(); e++) {
            System.arraycopy(priors, code.edgeVariable(e) * q, msg, 0, q);
            toCheck(code, e, msg, out, outOff);
        }
    }

    /** Edge e's message about y = h x, read as a normalised distribution of x (x[a] = y[h a]). */
    private static void fromCheck(NbLdpcCode code, int e, float[] in, int inOff, float[] x) {
        GaloisField gf = code.field();
        int q = gf.size();
        int h = code.edgeCoefficient(e);
        for (int a = 0; a < q; a++) {
            x[a] = Math.max(0f, in[inOff + e * q + gf.mul(h, a)]);
        }
        normalise(x);
    }

    /** Writes a distribution of x as one of y = h x (y[h a] = x[a]). */
    private static void toCheck(NbLdpcCode code, int e, float[] x, float[] out, int outOff) {
        GaloisField gf = code.field();
        int h = code.edgeCoefficient(e);
        for (int a = 0; a < x.length; a++) {
            out[outOff + e * x.length + gf.mul(h, a)] = x[a];
        }
    }

    /** Scales to sum 1; an all-zero vector (every value underflowed or clipped) becomes uniform. */
    private static void normalise(float[] p) {
        double s = 0;
        for (float v : p) {
            s += v;
        }
        for (int a = 0; a < p.length; a++) {
            p[a] = s > 0 ? (float) (p[a] / s) : 1f / p.length;
        }
    }
}
