package org.sigflow.blocks.ofdm;

import org.sigflow.blocks.digital.Constellation;

/**
 * GNU Radio's one-dimensional pilot equalizers ({@code ofdm_equalizer_1d_pilots}): {@code simpledfe} (decision
 * feedback: each data carrier divided by the channel state, sliced to the constellation, the state updated to
 * alpha·state + (1-alpha)·received/decided; pilots likewise against the known symbol) and {@code static} (the state
 * only from pilots; data divided by it). Carrier sets as the allocator's (DC-centred when input_is_shifted); pilot
 * sets taken in turn per OFDM symbol, starting at symbols_skipped. Complex arithmetic in float as std::complex.
 */
final class OfdmEqualizer {
    private final int fftLen;
    private final boolean dfe;
    private final Constellation constellation;   // simpledfe only
    private final float alpha;
    private final boolean softOutput;
    private final boolean[] occupied;
    private final boolean[][] pilots;
    private final float[][] pilotSymbols;        // per set, per carrier (interleaved)
    private final int skipped;
    private int pilotSet;
    final float[] state;                         // channel state, interleaved

    OfdmEqualizer(int fftLen, boolean dfe, Constellation constellation, int[][] occupiedSets, int[][] pilotSets,
                  float[][] pilotValues, int skipped, float alpha, boolean softOutput) {
        this.fftLen = fftLen;
        this.dfe = dfe;
        this.constellation = constellation;
        this.alpha = alpha;
        this.softOutput = softOutput;
        this.skipped = skipped;
        occupied = new boolean[fftLen];
        if (occupiedSets.length == 0) {
            java.util.Arrays.fill(occupied, true);
        }
        for (int[] set : occupiedSets) {
            for (int c : set) {
                occupied[c] = true;
            }
        }
        pilots = new boolean[pilotSets.length][fftLen];
        pilotSymbols = new float[pilotSets.length][2 * fftLen];
        for (int i = 0; i < pilotSets.length; i++) {
            if (pilotSets[i].length * 2 != pilotValues[i].length) {
                throw new IllegalArgumentException("pilot carriers and pilot symbols do not match (set " + i + ")");
            }
            for (int k = 0; k < pilotSets[i].length; k++) {
                pilots[i][pilotSets[i][k]] = true;
                pilotSymbols[i][2 * pilotSets[i][k]] = pilotValues[i][2 * k];
                pilotSymbols[i][2 * pilotSets[i][k] + 1] = pilotValues[i][2 * k + 1];
            }
        }
        state = new float[2 * fftLen];
        reset();
    }

    int fftLen() {
        return fftLen;
    }

    void reset() {
        for (int k = 0; k < fftLen; k++) {
            state[2 * k] = 1;
            state[2 * k + 1] = 0;
        }
        pilotSet = pilots.length == 0 ? 0 : skipped % pilots.length;
    }

    /** std::complex&lt;float&gt; a / b into out. */
    static void divide(float ar, float ai, float br, float bi, float[] out) {
        double d = (double) br * br + (double) bi * bi;
        out[0] = (float) ((ar * (double) br + ai * (double) bi) / d);
        out[1] = (float) ((ai * (double) br - ar * (double) bi) / d);
    }

    /** Equalizes {@code n} OFDM symbols at {@code f[off..]} in place, from the channel state {@code initial}. */
    void equalize(float[] f, int off, int n, float[] initial) {
        System.arraycopy(initial, 0, state, 0, 2 * fftLen);
        float[] q = new float[2];
        float[] eq = new float[2];
        float[] est = new float[2];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < fftLen; k++) {
                if (!occupied[k]) {
                    continue;
                }
                int at = off + 2 * (i * fftLen + k);
                if (pilots.length > 0 && pilots[pilotSet][k]) {
                    update(k, f[at], f[at + 1], pilotSymbols[pilotSet][2 * k], pilotSymbols[pilotSet][2 * k + 1], q);
                    f[at] = pilotSymbols[pilotSet][2 * k];
                    f[at + 1] = pilotSymbols[pilotSet][2 * k + 1];
                } else if (dfe) {
                    divide(f[at], f[at + 1], state[2 * k], state[2 * k + 1], eq);
                    constellation.slice(eq, 0, est);
                    update(k, f[at], f[at + 1], est[0], est[1], q);
                    f[at] = softOutput ? eq[0] : est[0];
                    f[at + 1] = softOutput ? eq[1] : est[1];
                } else {
                    divide(f[at], f[at + 1], state[2 * k], state[2 * k + 1], q);
                    f[at] = q[0];
                    f[at + 1] = q[1];
                }
            }
            if (pilots.length > 0) {
                pilotSet = (pilotSet + 1) % pilots.length;
            }
        }
    }

    /**
     * The channel state of carrier k from received r over known s: simpledfe alpha·state + (1 - alpha)·r / s (the
     * product first, as C++ evaluates it), static r / s.
     */
    private void update(int k, float rr, float ri, float sr, float si, float[] q) {
        if (!dfe) {
            divide(rr, ri, sr, si, q);
            state[2 * k] = q[0];
            state[2 * k + 1] = q[1];
            return;
        }
        float b = 1 - alpha;
        divide(b * rr, b * ri, sr, si, q);
        state[2 * k] = alpha * state[2 * k] + q[0];
        state[2 * k + 1] = alpha * state[2 * k + 1] + q[1];
    }
}
