package org.sigflow.ofdm;

/**
 * 802.11a channel estimation and equalisation of one frame's 64-point spectra (unitary FFT, bin k >= 0 at k, k < 0
 * at 64 + k; numpy reference {@code tools/reference/wifi_rx.py}). Two methods:
 * <ul>
 *   <li>{@code ltf}: {@code H_k = (Y1_k + Y2_k) / (2 L_k)} from the two long training symbols; each data symbol
 *       {@code Z = Y / H}, then the pilots' common phase {@code arg Σ Z_p P_p} removed (residual frequency offset);
 *   <li>{@code pilots} (the thesis's): H at the four pilots of each data symbol ({@code Y_p / P_p}), linearly
 *       interpolated between neighbouring pilots and extrapolated beyond ±21; {@code Z = Y / H}.
 * </ul>
 * Out come the 48 data carriers of each data symbol, carriers −26 … 26 in order. Arithmetic in double.
 */
public final class WifiEqualizer {
    private static final int[] PILOTS = {-21, -7, 7, 21};
    private static final double[] PILOT_VALUES = {1, 1, 1, -1};
    private static final int[] DATA = Wifi80211a.dataCarriers();

    private final boolean pilotsOnly;
    private final double[] h = new double[128];

    public WifiEqualizer(String method) {
        switch (method) {
            case "ltf" -> pilotsOnly = false;
            case "pilots" -> pilotsOnly = true;
            default -> throw new IllegalArgumentException("method must be ltf or pilots, got '" + method + "'");
        }
    }

    /** Takes the spectrum of the first ({@code second} false) or second long training symbol at {@code y[off]}. */
    public void train(float[] y, int off, boolean second) {
        for (int k = -26; k <= 26; k++) {
            int b = Math.floorMod(k, 64);
            double l = Wifi80211a.LTF_SEQ[k + 26];
            if (l != 0) {
                double re = y[off + 2 * b] / (2 * l);
                double im = y[off + 2 * b + 1] / (2 * l);
                h[2 * b] = second ? h[2 * b] + re : re;
                h[2 * b + 1] = second ? h[2 * b + 1] + im : im;
            }
        }
    }

    /** Equalises one data symbol's spectrum at {@code y[off]} into 48 complex carriers at {@code out[outOff]}. */
    public void equalise(float[] y, int off, float[] out, int outOff) {
        if (pilotsOnly) {
            double[] hp = new double[8];
            for (int i = 0; i < 4; i++) {
                int b = Math.floorMod(PILOTS[i], 64);
                hp[2 * i] = y[off + 2 * b] / PILOT_VALUES[i];
                hp[2 * i + 1] = y[off + 2 * b + 1] / PILOT_VALUES[i];
            }
            for (int d = 0; d < 48; d++) {
                int k = DATA[d];
                int seg = k < -7 ? 0 : k < 7 ? 1 : 2;
                double f = (double) (k - PILOTS[seg]) / (PILOTS[seg + 1] - PILOTS[seg]);
                double hr = hp[2 * seg] + (hp[2 * seg + 2] - hp[2 * seg]) * f;
                double hi = hp[2 * seg + 1] + (hp[2 * seg + 3] - hp[2 * seg + 1]) * f;
                divide(y, off + 2 * Math.floorMod(k, 64), hr, hi, 1, 0, out, outOff + 2 * d);
            }
            return;
        }
        double pr = 0;
        double pi = 0;
        float[] z = new float[2];
        for (int i = 0; i < 4; i++) {
            int b = Math.floorMod(PILOTS[i], 64);
            divide(y, off + 2 * b, h[2 * b], h[2 * b + 1], 1, 0, z, 0);
            pr += z[0] * PILOT_VALUES[i];
            pi += z[1] * PILOT_VALUES[i];
        }
        double mag = Math.hypot(pr, pi);
        double cr = mag > 0 ? pr / mag : 1; // exp(-j phase) = conj(p) / |p|
        double ci = mag > 0 ? -pi / mag : 0;
        for (int d = 0; d < 48; d++) {
            int b = Math.floorMod(DATA[d], 64);
            divide(y, off + 2 * b, h[2 * b], h[2 * b + 1], cr, ci, out, outOff + 2 * d);
        }
    }

    /** out = y[at] / (hr + j hi) * (cr + j ci), in double. */
    private static void divide(float[] y, int at, double hr, double hi, double cr, double ci, float[] out, int o) {
        double d = hr * hr + hi * hi;
        double qr = (y[at] * hr + y[at + 1] * hi) / d;
        double qi = (y[at + 1] * hr - y[at] * hi) / d;
        out[o] = (float) (qr * cr - qi * ci);
        out[o + 1] = (float) (qr * ci + qi * cr);
    }
}
