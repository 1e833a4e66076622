package org.sigflow.dsp;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The radix-2 butterfly stages of {@link Radix2Fft} whose half-length spans at least one vector, with the Vector API.
 * Within a stage, butterflies {@code j = 0 .. len/2-1} of one block are contiguous in the interleaved data, so they
 * run a vector of complex values at a time against per-stage twiddle tables laid out like the data:
 * {@code t = x * (wr, wr) + swap(x) * (-wi, wi)} is the complex product {@code x * w} on interleaved pairs.
 */
final class VectorFftStages {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final VectorShuffle<Float> SWAP_PAIRS = VectorShuffle.fromOp(S, i -> i ^ 1);

    /** The smallest stage length (in complex values) whose half fills a whole vector. */
    static final int FIRST_LEN = Math.max(4, S.length());

    /** Per stage (index = log2(len)): (wr, wr) pairs, and (-wi, wi) pairs for the forward and inverse directions. */
    private final float[][] re;
    private final float[][] imForward;
    private final float[][] imInverse;

    VectorFftStages(int n) {
        int stages = Integer.numberOfTrailingZeros(n) + 1;
        re = new float[stages][];
        imForward = new float[stages][];
        imInverse = new float[stages][];
        for (int len = FIRST_LEN, s = Integer.numberOfTrailingZeros(FIRST_LEN); len <= n; len <<= 1, s++) {
            int half = len / 2;
            float[] r = new float[2 * half];
            float[] f = new float[2 * half];
            float[] inv = new float[2 * half];
            for (int j = 0; j < half; j++) {
                double a = 2 * Math.PI * j / len;
                float c = (float) Math.cos(a);
                float sn = (float) Math.sin(a);
                r[2 * j] = c;
                r[2 * j + 1] = c;
                // forward w = cos - j sin: (-wi, wi) = (sin, -sin); inverse w = cos + j sin: (-sin, sin)
                f[2 * j] = sn;
                f[2 * j + 1] = -sn;
                inv[2 * j] = -sn;
                inv[2 * j + 1] = sn;
            }
            re[s] = r;
            imForward[s] = f;
            imInverse[s] = inv;
        }
    }

    /** Runs the stages of length {@link #FIRST_LEN} .. n on bit-reversed data whose smaller stages are done. */
    void run(float[] d, int off, int n, boolean inverse) {
        int v = S.length();
        for (int len = FIRST_LEN, s = Integer.numberOfTrailingZeros(FIRST_LEN); len <= n; len <<= 1, s++) {
            float[] wr = re[s];
            float[] wi = inverse ? imInverse[s] : imForward[s];
            int halfFloats = len; // len/2 complex values
            for (int block = off; block < off + 2 * n; block += 2 * len) {
                for (int j = 0; j < halfFloats; j += v) {
                    FloatVector u = FloatVector.fromArray(S, d, block + j);
                    FloatVector x = FloatVector.fromArray(S, d, block + halfFloats + j);
                    FloatVector t = x.rearrange(SWAP_PAIRS).mul(FloatVector.fromArray(S, wi, j))
                            .add(x.mul(FloatVector.fromArray(S, wr, j)));
                    u.add(t).intoArray(d, block + j);
                    u.sub(t).intoArray(d, block + halfFloats + j);
                }
            }
        }
    }
}
