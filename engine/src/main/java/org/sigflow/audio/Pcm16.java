package org.sigflow.audio;

/** ±1 floats ↔ 16-bit signed little-endian PCM, rounded and clipped as wav_sink's pcm16. */
public final class Pcm16 {
    private Pcm16() {}

    /** Encodes {@code n} samples into {@code out}; returns the bytes written. */
    public static int encode(float[] x, int n, byte[] out) {
        for (int i = 0; i < n; i++) {
            float v = x[i];
            int code = Float.isNaN(v) ? 0 : Math.round(Math.max(-32768f, Math.min(32767f, v * 32768f)));
            out[2 * i] = (byte) code;
            out[2 * i + 1] = (byte) (code >> 8);
        }
        return 2 * n;
    }

    /** Decodes {@code n} samples from {@code in} into {@code y[off..]}. */
    public static void decode(byte[] in, int n, float[] y, int off) {
        for (int i = 0; i < n; i++) {
            y[off + i] = (short) ((in[2 * i] & 0xff) | (in[2 * i + 1] << 8)) / 32768f;
        }
    }
}
