package org.sigflow.dsp;

/** Plain-Java FIR implementations: the reference the Vector API ones are checked against, and the fallback. */
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
                    acc += h[k] * x[b + k];
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
                    re += h[k] * x[b + 2 * k];
                    im += h[k] * x[b + 2 * k + 1];
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
                float re = 0, im = 0;
                for (int k = 0; k < h.length; k += 2) {
                    float hr = h[k], hi = h[k + 1], xr = x[b + k], xi = x[b + k + 1];
                    re += hr * xr - hi * xi;
                    im += hr * xi + hi * xr;
                }
                y[yOff + 2 * i] = re;
                y[yOff + 2 * i + 1] = im;
            }
        }
    }
}
