package org.sigflow.dsp;

/**
 * The Walsh–Hadamard transform of vectors of {@code q = 2^m} floats, {@code Y[k] = Σ (-1)^popcount(k & n) X[n]}: the
 * Fourier transform of GF(2^m)'s additive group, computed by iterative updating — m rounds of pairwise updates
 * {@code (a, b) → (a + b, a − b)} on elements {@code h = 1, 2, …, q/2} apart, in float, then one scaling multiply.
 * The CUDA kernel ({@code wht.cu}) does the same operations in the same order, so the two agree bit for bit.
 */
public final class WalshHadamard {
    private WalshHadamard() {}

    /** True when {@code q} is a power of two from 2 to 256. */
    public static boolean validSize(int q) {
        return q >= 2 && q <= 256 && Integer.bitCount(q) == 1;
    }

    /** The factor of a scaling id: {@code none}, {@code 1/q} (the inverse), {@code 1/sqrt(q)}. */
    public static float scale(String scaling, int q) {
        return switch (scaling) {
            case "none" -> 1f;
            case "1/q" -> 1f / q;
            case "1/sqrt(q)" -> (float) (1 / Math.sqrt(q));
            default -> throw new IllegalArgumentException("unknown scaling '" + scaling + "': use none, 1/q or 1/sqrt(q)");
        };
    }

    /** Transforms {@code count} consecutive vectors of {@code q} floats from {@code x[xOff]} into {@code y[yOff]}. */
    public static void transform(float[] x, int xOff, float[] y, int yOff, int q, int count, float scale) {
        if (x != y || xOff != yOff) {
            System.arraycopy(x, xOff, y, yOff, q * count);
        }
        for (int v = 0; v < count; v++) {
            int base = yOff + v * q;
            for (int h = 1; h < q; h <<= 1) {
                for (int i = 0; i < q; i += 2 * h) {
                    for (int j = base + i; j < base + i + h; j++) {
                        float a = y[j];
                        float b = y[j + h];
                        y[j] = a + b;
                        y[j + h] = a - b;
                    }
                }
            }
            if (scale != 1f) {
                for (int j = base; j < base + q; j++) {
                    y[j] *= scale;
                }
            }
        }
    }
}
