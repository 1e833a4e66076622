package org.sigflow.app.views;

import org.sigflow.display.DisplayFrame;

/**
 * A symmetric axis range that follows the largest magnitude in the frames, as a scope's auto-range does: it takes
 * only round values (1, 2, 5 × 10^k) at or above the largest magnitude times the headroom, grows at once, and shrinks
 * only once every frame of {@link #HOLD_FRAMES} in a row needed less (to the largest of their needs). So a noisy
 * steady signal keeps one range and the axes are not redrawn per frame; before, the range decayed a little on every
 * frame and jumped back on the next noise peak (and a docked view then presented the whole window per frame).
 */
final class AutoScale {
    /** Frames in a row that must need a smaller range before it shrinks (about a second at the views' rates). */
    static final int HOLD_FRAMES = 30;
    private final double headroom;
    private double scale = 1;
    private int below;
    private double heldNeed;

    /** @param headroom factor above the largest magnitude, e.g. 1.1 */
    AutoScale(double headroom) {
        this.headroom = headroom;
    }

    /** Updates the range from a frame's traces and returns it (the axis runs from -range to +range). */
    double update(DisplayFrame f) {
        float max = 1e-6f;
        for (float[] t : f.traces()) {
            for (float v : t) {
                max = Math.max(max, Math.abs(v));
            }
        }
        return update(max);
    }

    /** {@link #update(DisplayFrame)} for a frame whose largest magnitude is {@code max}. */
    double update(double max) {
        double need = roundUp(max * headroom);
        if (need >= scale) {
            scale = need;
            below = 0;
        } else {
            heldNeed = below == 0 ? need : Math.max(heldNeed, need);
            if (++below >= HOLD_FRAMES) {
                scale = heldNeed;
                below = 0;
            }
        }
        return scale;
    }

    double range() {
        return scale;
    }

    /** The smallest of 1, 2, 5 × 10^k at or above {@code v} (1 for what is not a positive finite number). */
    static double roundUp(double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            return 1;
        }
        double mag = Math.pow(10, Math.floor(Math.log10(v)));
        double n = v / mag;
        double step = n <= 1 + 1e-9 ? 1 : n <= 2 + 1e-9 ? 2 : n <= 5 + 1e-9 ? 5 : 10;
        return step * mag;
    }
}
