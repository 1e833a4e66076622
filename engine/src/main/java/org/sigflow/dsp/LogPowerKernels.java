package org.sigflow.dsp;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The per-bin tail of {@link LogPowerFft}: exponential average of the powers and {@code 10 log10} in dB. The Vector
 * API path uses the JDK's vector LOG10 (SVML on x86), the scalar path {@link Math#log10}; they agree to float
 * rounding. Made by {@link #create}, behind the {@link Simd} switch.
 */
abstract class LogPowerKernels {
    static final float FLOOR = 1e-30f;

    /** {@code avg[k] = a p[k] + b avg[k]; y[k] = 10 log10(max(avg[k], FLOOR)) + off} for {@code k < n}. */
    abstract void averageToDb(float[] p, int pOff, float[] avg, float[] y, int yOff, int n, float a, float b,
                              float off);

    static LogPowerKernels create(boolean simd) {
        return simd ? new Vector() : new Scalar();
    }

    /** Bins {@code from <= k < n}, one at a time. */
    static void scalar(float[] p, int pOff, float[] avg, float[] y, int yOff, int from, int n, float a, float b,
                       float off) {
        for (int k = from; k < n; k++) {
            float v = a * p[pOff + k] + b * avg[k];
            avg[k] = v;
            y[yOff + k] = (float) (10 * Math.log10(Math.max(v, FLOOR))) + off;
        }
    }

    static final class Scalar extends LogPowerKernels {
        @Override
        void averageToDb(float[] p, int pOff, float[] avg, float[] y, int yOff, int n, float a, float b, float off) {
            scalar(p, pOff, avg, y, yOff, 0, n, a, b, off);
        }
    }

    static final class Vector extends LogPowerKernels {
        private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;

        @Override
        void averageToDb(float[] p, int pOff, float[] avg, float[] y, int yOff, int n, float a, float b, float off) {
            int k = 0;
            for (int bound = S.loopBound(n); k < bound; k += S.length()) {
                FloatVector v = FloatVector.fromArray(S, p, pOff + k).mul(a)
                        .add(FloatVector.fromArray(S, avg, k).mul(b));
                v.intoArray(avg, k);
                v.max(FLOOR).lanewise(VectorOperators.LOG10).mul(10f).add(off).intoArray(y, yOff + k);
            }
            scalar(p, pOff, avg, y, yOff, k, n, a, b, off);
        }
    }
}
