package org.sigflow.dsp;

/**
 * Creates FIR filters, choosing the Vector API implementation when it is available and not disabled by the system
 * property {@code sigflow.simd=false}, the scalar one otherwise. Both compute the same sums (within float
 * rounding of a different summation order); {@code FirImplementationsAgreeTest} checks that.
 */
public final class FirFilters {
    /** Whether {@link #realTaps} and friends return Vector API filters. */
    public static final boolean SIMD = Simd.ENABLED;

    private FirFilters() {}

    /** Real taps on real input. */
    public static FirFilter realTaps(float[] taps) {
        return realTaps(taps, SIMD);
    }

    /** Real taps on interleaved complex input (the hot path of channel filters). */
    public static FirFilter realTapsComplexInput(float[] taps) {
        return realTapsComplexInput(taps, SIMD);
    }

    /** Interleaved complex taps on interleaved complex input. */
    public static FirFilter complexTaps(float[] interleavedTaps) {
        return complexTaps(interleavedTaps, SIMD);
    }

    public static FirFilter realTaps(float[] taps, boolean simd) {
        check(taps, 1);
        return simd ? new VectorFirs.RealReal(taps) : new ScalarFirs.RealReal(taps);
    }

    public static FirFilter realTapsComplexInput(float[] taps, boolean simd) {
        check(taps, 1);
        return simd ? new VectorFirs.RealTapsComplex(taps) : new ScalarFirs.RealTapsComplex(taps);
    }

    public static FirFilter complexTaps(float[] interleavedTaps, boolean simd) {
        check(interleavedTaps, 2);
        return simd ? new VectorFirs.ComplexComplex(interleavedTaps) : new ScalarFirs.ComplexComplex(interleavedTaps);
    }

    private static void check(float[] taps, int stride) {
        if (taps.length == 0 || taps.length % stride != 0) {
            throw new IllegalArgumentException("a FIR filter needs at least one tap");
        }
    }
}
