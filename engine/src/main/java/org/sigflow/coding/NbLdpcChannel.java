package org.sigflow.coding;

import java.util.SplittableRandom;

/**
 * The test channel of the non-binary LDPC sample: frame {@code f} is a random codeword whose symbols' m bits (LSB
 * first) are sent as BPSK ({@code 1 − 2b}) through white gaussian noise at {@code Eb/N0} (per information bit,
 * {@code σ² = 1 / (2 R Eb/N0)}, R the code's rate). Each symbol's channel probabilities
 * {@code p(a) ∝ exp(Σ y_i s_i(a) / σ²)} are the decoder's prior. A frame is a pure function of (seed, f), so every
 * decoder stage can recompute the priors and the sent codeword instead of carrying them along the stream.
 */
public final class NbLdpcChannel {
    private final NbLdpcCode code;
    private final long seed;
    private final double sigma2;
    private final int bits;

    public record Frame(int[] codeword, float[] priors) {}

    public NbLdpcChannel(NbLdpcCode code, double ebN0Db, long seed) {
        this.code = code;
        this.seed = seed;
        this.bits = Integer.numberOfTrailingZeros(code.field().size());
        double rate = (double) code.dimension() / code.length();
        this.sigma2 = 1 / (2 * rate * Math.pow(10, ebN0Db / 10));
    }

    public Frame frame(long f) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + f);
        int[] c = code.randomCodeword(r);
        int q = code.field().size();
        float[] priors = new float[code.length() * q];
        double sigma = Math.sqrt(sigma2);
        double[] y = new double[bits];
        double[] logp = new double[q];
        for (int v = 0; v < c.length; v++) {
            for (int i = 0; i < bits; i++) {
                y[i] = (1 - 2 * ((c[v] >> i) & 1)) + sigma * gaussian(r);
            }
            double max = Double.NEGATIVE_INFINITY;
            for (int a = 0; a < q; a++) {
                double s = 0;
                for (int i = 0; i < bits; i++) {
                    s += y[i] * (1 - 2 * ((a >> i) & 1));
                }
                logp[a] = s / sigma2;
                max = Math.max(max, logp[a]);
            }
            double sum = 0;
            for (int a = 0; a < q; a++) {
                logp[a] = Math.exp(logp[a] - max);
                sum += logp[a];
            }
            for (int a = 0; a < q; a++) {
                priors[v * q + a] = (float) (logp[a] / sum);
            }
        }
        return new Frame(c, priors);
    }

    private static double gaussian(SplittableRandom r) {
        double u;
        double v;
        double s;
        do {
            u = 2 * r.nextDouble() - 1;
            v = 2 * r.nextDouble() - 1;
            s = u * u + v * v;
        } while (s >= 1 || s == 0);
        return u * Math.sqrt(-2 * Math.log(s) / s);
    }
}
