package org.sigflow.ofdm;

/** Gray-coded 16-QAM of unit average power: two bits per axis, levels -3, -1, 1, 3 (00, 01, 11, 10) / sqrt(10). */
public final class Qam16 {
    public static final float SCALE = (float) (1 / Math.sqrt(10));
    private static final int[] LEVEL = {-3, -1, 3, 1}; // by the axis's two bits b1 b0: 00, 01, 10, 11

    private Qam16() {}

    /** The point of a 4-bit value (bits 3..2 the in-phase axis, bits 1..0 the quadrature), as {re, im}. */
    public static float re(int bits) {
        return LEVEL[(bits >> 2) & 3] * SCALE;
    }

    public static float im(int bits) {
        return LEVEL[bits & 3] * SCALE;
    }

    /** The 4-bit value of the nearest point. */
    public static int decide(float re, float im) {
        return axis(re / SCALE) << 2 | axis(im / SCALE);
    }

    private static int axis(float v) {
        return v < -2 ? 0 : v < 0 ? 1 : v < 2 ? 3 : 2;
    }
}
