package org.sigflow.dsp;

/**
 * An FFT of one size on interleaved complex floats, in place. Power-of-two sizes use an iterative radix-2 kernel;
 * other sizes use Bluestein's algorithm over a power-of-two FFT. Twiddle tables are cached per size and shared;
 * an {@code Fft} instance owns only its scratch buffer, so use one instance per thread.
 *
 * <p>Sign convention as numpy and FFTW: forward {@code X[k] = sum x[n] exp(-2*pi*j*k*n/N)}, inverse with
 * {@code +j}. Both are unscaled unless a {@link FftScaling} is given (numpy's {@code ifft} is {@code 1/N}).
 */
public final class Fft {
    private final int n;
    private final Radix2Fft radix2;
    private final BluesteinFft bluestein;
    private final float[] scratch;

    private Fft(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("FFT size must be >= 1: " + n);
        }
        this.n = n;
        if (Radix2Fft.isPowerOfTwo(n)) {
            radix2 = Radix2Fft.of(n);
            bluestein = null;
            scratch = null;
        } else {
            radix2 = null;
            bluestein = BluesteinFft.of(n);
            scratch = new float[2 * bluestein.m];
        }
    }

    public static Fft of(int n) {
        return new Fft(n);
    }

    public int size() {
        return n;
    }

    public void forward(float[] data, int off) {
        transform(data, off, false, FftScaling.NONE);
    }

    public void inverse(float[] data, int off) {
        transform(data, off, true, FftScaling.NONE);
    }

    /** Transforms {@code data[off .. off + 2*size)} in place. */
    public void transform(float[] data, int off, boolean inverse, FftScaling scaling) {
        if (radix2 != null) {
            if (n > 1) {
                radix2.transform(data, off, inverse);
            }
        } else {
            bluestein.transform(data, off, inverse, scratch);
        }
        if (scaling != FftScaling.NONE) {
            float f = scaling.factor(n);
            for (int i = off; i < off + 2 * n; i++) {
                data[i] *= f;
            }
        }
    }

    /**
     * numpy's {@code fftshift} of n complex values into {@code dst}: {@code dst[k] = src[(k - n/2) mod n]}, DC lands
     * at index {@code n/2}. {@code src} and {@code dst} must not overlap.
     */
    public static void fftshift(float[] src, int srcOff, float[] dst, int dstOff, int n) {
        rotate(src, srcOff, dst, dstOff, n, n - n / 2);
    }

    /** numpy's {@code ifftshift}: {@code dst[k] = src[(k + n/2) mod n]}, the inverse of {@link #fftshift}. */
    public static void ifftshift(float[] src, int srcOff, float[] dst, int dstOff, int n) {
        rotate(src, srcOff, dst, dstOff, n, n / 2);
    }

    /** dst[k] = src[(k + by) mod n]. */
    private static void rotate(float[] src, int srcOff, float[] dst, int dstOff, int n, int by) {
        int first = n - by;
        System.arraycopy(src, srcOff + 2 * by, dst, dstOff, 2 * first);
        System.arraycopy(src, srcOff, dst, dstOff + 2 * first, 2 * by);
    }
}
