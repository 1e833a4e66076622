package org.sigflow.dsp;

/**
 * Plain-Java FIR implementations: the reference the Vector API ones are checked against, the fallback, and the
 * scalar tail of the vector ones. Each output accumulates {@code fma(x, h, acc)} tap by tap in the same order as a
 * vector lane does, so an output's bits do not depend on whether a lane or the tail computed it (same input, same
 * bytes, whatever the work-call sizes).
 */
final class ScalarFirs {
    private ScalarFirs() {}

    static final class RealReal implements FirFilter {
        private final float[] rev;

        RealReal(float[] taps) {
            rev = FirFilter.reversed(taps, 1);
        }

        @Override public int ntaps() { return rev.length; }
        @Override public boolean complexInput() { return false; }

        @Override
        public void filter(float[] x, int xBase, float[] y, int yOff, int nOut, int decim) {
            float[] h = rev;
            for (int i = 0; i < nOut; i++) {
                int b = xBase + i * decim;
                float acc = 0;
                for (int k = 0; k < h.length; k++) {
                    acc = Math.fma(x[b + k], h[k], acc);
                }
                y[yOff + i] = acc;
            }
        }
    }

    static final class RealTapsComplex implements FirFilter {
        private final float[] rev;

        RealTapsComplex(float[] taps) {
            rev = FirFilter.reversed(taps, 1);
        }

        @Override public int ntaps() { return rev.length; }
        @Override public boolean complexInput() { return true; }

        @Override
        public void filter(float[] x, int xBase, float[] y, int yOff, int nOut, int decim) {
            float[] h = rev;
            for (int i = 0; i < nOut; i++) {
                int b = xBase + 2 * i * decim;
                float re = 0, im = 0;
                for (int k = 0; k < h.length; k++) {
                    re = Math.fma(x[b + 2 * k], h[k], re);
                    im = Math.fma(x[b + 2 * k + 1], h[k], im);
                }
                y[yOff + 2 * i] = re;
                y[yOff + 2 * i + 1] = im;
            }
        }
    }

    static final class ComplexComplex implements FirFilter {
        private final float[] rev;

        ComplexComplex(float[] taps) {
            rev = FirFilter.reversed(taps, 2);
        }

        @Override public int ntaps() { return rev.length / 2; }
        @Override public boolean complexInput() { return true; }

        @Override
        public void filter(float[] x, int xBase, float[] y, int yOff, int nOut, int decim) {
            float[] h = rev;
            for (int i = 0; i < nOut; i++) {
                int b = xBase + 2 * i * decim;
                // as the vector lanes: sums of x·hr and of swapped x·hi apart, combined once at the end
                float reA = 0, reB = 0, imA = 0, imB = 0;
                for (int k = 0; k < h.length; k += 2) {
                    float hr = h[k], hi = h[k + 1], xr = x[b + k], xi = x[b + k + 1];
                    reA = Math.fma(xr, hr, reA);
                    reB = Math.fma(xi, hi, reB);
                    imA = Math.fma(xi, hr, imA);
                    imB = Math.fma(xr, hi, imB);
                }
                y[yOff + 2 * i] = reA - reB;
                y[yOff + 2 * i + 1] = imB + imA;
            }
        }
    }
}
