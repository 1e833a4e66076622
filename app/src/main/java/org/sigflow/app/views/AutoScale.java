package org.sigflow.app.views;

import org.sigflow.display.DisplayFrame;

/**
 * A symmetric axis range that follows the largest magnitude in the frames: it grows at once and shrinks slowly, so
 * a steady signal gives a steady picture.
 */
final class AutoScale {
    private final double headroom;
    private double scale = 1;

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
        double target = Axes.niceStep(max * headroom, 1);
        scale = target > scale ? target : 0.9 * scale + 0.1 * target;
        return scale;
    }

    double range() {
        return scale;
    }
}
