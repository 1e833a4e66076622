package org.sigflow.dsp;

/** One frame at a time through {@link Fft}: window fused into the copy-in, fftshift into the copy-out. */
final class ScalarFrameFft implements FrameFft {
    private final int n;
    private final boolean realInput;
    private final boolean inverse;
    private final boolean shift;
    private final FftScaling scaling;
    private final float[] window;
    private final Fft fft;
    private final float[] frame;

    ScalarFrameFft(int n, boolean realInput, boolean inverse, float[] window, boolean shift, FftScaling scaling) {
        this.n = n;
        this.realInput = realInput;
        this.inverse = inverse;
        this.shift = shift;
        this.scaling = scaling;
        this.window = window.clone();
        this.fft = Fft.of(n);
        this.frame = new float[2 * n];
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public void process(float[] x, int xOff, float[] y, int yOff, int frames) {
        int inStride = realInput ? n : 2 * n;
        float[] w = window;
        // ifftshift before an inverse: frame'[k] = frame[(k + n/2) mod n]; fftshift after a forward transform:
        // y[k] = Y[(k + n - n/2) mod n].
        int inRot = inverse && shift ? n / 2 : 0;
        boolean postShift = !inverse && shift;
        for (int f = 0; f < frames; f++) {
            int xo = xOff + f * inStride;
            int yo = yOff + f * 2 * n;
            float[] dst = postShift ? frame : y;
            int d = postShift ? 0 : yo;
            for (int k = 0; k < n; k++) {
                int j = k + inRot;
                if (j >= n) {
                    j -= n;
                }
                float wj = w[j];
                if (realInput) {
                    dst[d + 2 * k] = x[xo + j] * wj;
                    dst[d + 2 * k + 1] = 0f;
                } else {
                    dst[d + 2 * k] = x[xo + 2 * j] * wj;
                    dst[d + 2 * k + 1] = x[xo + 2 * j + 1] * wj;
                }
            }
            fft.transform(dst, d, inverse, scaling);
            if (postShift) {
                Fft.fftshift(frame, 0, y, yo, n);
            }
        }
    }
}
