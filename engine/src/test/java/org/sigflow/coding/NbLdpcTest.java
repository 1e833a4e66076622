package org.sigflow.coding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sigflow.dsp.WalshHadamard;

/** The GF(16) code, its channel and the FFT-BP check-node update against their definitions. */
class NbLdpcTest {
    private final NbLdpcCode code = new NbLdpcCode(16, 48, 1);

    @Test
    void fieldMultiplicationHasInverses() {
        for (int q : new int[] {2, 16, 256}) {
            GaloisField gf = new GaloisField(q);
            for (int a = 1; a < q; a++) {
                assertEquals(1, gf.mul(a, gf.inverse(a)), "GF(" + q + ") inverse of " + a);
            }
        }
        assertEquals(0b0011, new GaloisField(16).mul(0b1000, 0b0010), "x^3 * x = x^4 = x + 1 mod x^4 + x + 1");
    }

    @Test
    void codewordsSatisfyEveryCheck() {
        assertTrue(code.dimension() >= 24, "rate >= 1/2: dimension " + code.dimension());
        SplittableRandom r = new SplittableRandom(5);
        int nonzero = 0;
        for (int i = 0; i < 20; i++) {
            int[] c = code.randomCodeword(r);
            assertArrayEquals(new int[24], code.syndrome(c));
            nonzero += java.util.Arrays.stream(c).anyMatch(v -> v != 0) ? 1 : 0;
        }
        assertEquals(20, nonzero, "random codewords, not the zero word");
    }

    /**
     * Transform, product of the other edges, inverse transform (as the sample graph's blocks do) gives each edge the
     * distribution of the XOR of its check's other three symbols, computed here by brute force over 16^3 triples.
     */
    @Test
    void checkUpdateThroughTheTransformIsTheXorConvolution() {
        int q = 16;
        SplittableRandom r = new SplittableRandom(9);
        float[] m = new float[4 * q];
        for (int k = 0; k < 4; k++) {
            double s = 0;
            for (int a = 0; a < q; a++) {
                m[k * q + a] = (float) r.nextDouble();
                s += m[k * q + a];
            }
            for (int a = 0; a < q; a++) {
                m[k * q + a] /= (float) s;
            }
        }
        float[] t = new float[4 * q];
        WalshHadamard.transform(m, 0, t, 0, q, 4, 1f);
        float[] p = new float[4 * q];
        NbLdpcMessages.checkProduct(t, 0, p, 0, q, 1);
        float[] got = new float[4 * q];
        WalshHadamard.transform(p, 0, got, 0, q, 4, 1f / q);
        for (int k = 0; k < 4; k++) {
            int[] o = new int[3];
            for (int j = 0, i = 0; j < 4; j++) {
                if (j != k) {
                    o[i++] = j;
                }
            }
            double[] want = new double[q];
            for (int a = 0; a < q; a++) {
                for (int b = 0; b < q; b++) {
                    for (int c = 0; c < q; c++) {
                        want[a ^ b ^ c] += (double) m[o[0] * q + a] * m[o[1] * q + b] * m[o[2] * q + c];
                    }
                }
            }
            for (int y = 0; y < q; y++) {
                assertEquals(want[y], got[k * q + y], 1e-6, "edge " + k + ", value " + y);
            }
        }
    }

    @Test
    void priorsFavourTheSentSymbolsAndAreReproducible() {
        NbLdpcChannel ch = new NbLdpcChannel(code, 8.0, 3);
        NbLdpcChannel.Frame f = ch.frame(7);
        assertArrayEquals(f.priors(), ch.frame(7).priors(), 0f, "a frame is a function of (seed, index)");
        int right = 0;
        for (int v = 0; v < code.length(); v++) {
            int best = 0;
            for (int a = 1; a < 16; a++) {
                best = f.priors()[v * 16 + a] > f.priors()[v * 16 + best] ? a : best;
            }
            right += best == f.codeword()[v] ? 1 : 0;
        }
        assertTrue(right >= 46, "at 8 dB nearly every symbol's prior peaks at the sent value: " + right + " of 48");
    }
}
