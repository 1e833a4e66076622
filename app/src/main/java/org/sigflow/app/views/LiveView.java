package org.sigflow.app.views;

import javafx.scene.canvas.Canvas;
import javafx.scene.layout.Region;
import org.sigflow.display.DisplayFrame;
import org.sigflow.display.FrameChannel;
import org.sigflow.runtime.LiveRun;

/**
 * A plot fed by a display sink: polled at display rate (each JavaFX pulse), it takes the sink's latest frame, if
 * any, and draws it; it keeps the last frame to redraw on resize.
 */
public abstract class LiveView extends Region {
    protected final Canvas canvas = new Canvas();
    private final String blockId;
    protected DisplayFrame last;
    /** Frames of the overlaid sinks (multi-trace views), by block id, in the order given. */
    protected final java.util.Map<String, DisplayFrame> overlayLast = new java.util.LinkedHashMap<>();
    private java.util.List<String> overlays = java.util.List.of();
    private long framesDrawn;
    private long dropped;
    private boolean polled;
    /** Why nothing shows, or null. */
    private String problem;
    /** The plot area's own canvas, for views that draw their axes apart from their traces; null for the others. */
    private PlotSurface plot;

    protected LiveView(String blockId) {
        this.blockId = blockId;
        getChildren().add(canvas);
        setMinSize(120, 80);
    }

    /**
     * The node that changes on every frame apart from the view's axes and labels, if the view has one (the waterfall's
     * picture, a plot's {@link #splitPlot() plot area}): while the view is docked during a run, {@link SurfaceOverlay}
     * may show it in a small window of its own over its place, so the designer's main window is not presented whole
     * for every frame.
     */
    protected javafx.scene.Node surface() {
        return plot == null ? null : plot.canvas();
    }

    /**
     * Splits the view's picture: the axes on the view's canvas, the plot area on a canvas of its own over them, which
     * is the view's {@link #surface()} (call once, in the constructor, after adding any other children).
     */
    protected final PlotSurface splitPlot() {
        if (plot == null) {
            plot = new PlotSurface(canvas);
            getChildren().add(plot.canvas());
        }
        return plot;
    }

    /**
     * Whether the view shows slow figures (the timing table, four times a second) and is polled only on the pulses
     * that update the title bars' notes, the same pulses as the canvas's run badges: the main window is then
     * presented once for all of them instead of once each (under software drawing each costs a whole window).
     */
    protected boolean pacedByNotes() {
        return false;
    }

    /** Takes the surface out of the view (for the overlay); null if the view has none or it is out already. */
    final javafx.scene.Node lendSurface() {
        javafx.scene.Node s = surface();
        return s != null && getChildren().remove(s) ? s : null;
    }

    /** Puts a lent surface back, over everything else of the view (where every view keeps it). */
    final void takeBackSurface(javafx.scene.Node s) {
        if (!getChildren().contains(s)) {
            getChildren().add(s);
        }
    }

    public String blockId() {
        return blockId;
    }

    /** Frames drawn since the view was made. */
    public long framesDrawn() {
        return framesDrawn;
    }

    /** A line for the view's title bar: frames and the sink's dropped frames, or why nothing shows. */
    public String note() {
        return problem != null ? problem : polled ? framesDrawn + " frames, " + dropped + " dropped" : null;
    }

    /** Takes the newest frame of the running graph's sink and draws it. */
    public void poll(LiveRun run) {
        FrameChannel frames;
        try {
            frames = run.displayFrames(blockId);
        } catch (IllegalArgumentException e) {
            problem = "block '" + blockId + "' is not running (disabled, or not in the graph)";
            return;
        }
        if (frames == null) {
            problem = "block '" + blockId + "' is not a display sink";
            return;
        }
        problem = null;
        polled = true;
        DisplayFrame f = frames.take();
        dropped = frames.dropped();
        boolean changed = false;
        for (String id : overlays) {
            try {
                FrameChannel o = run.displayFrames(id);
                DisplayFrame of = o == null ? null : o.take();
                if (of != null) {
                    overlayLast.put(id, of);
                    changed = true;
                }
            } catch (IllegalArgumentException e) {
                // an overlaid sink that is not running (disabled) draws nothing
            }
        }
        if (f != null) {
            last = f;
            framesDrawn++;
        }
        if (f != null || changed) {
            draw();
        }
    }

    /** Other sinks of the same kind whose traces this view draws over its own (view option {@code overlay}). */
    public void setOverlays(java.util.List<String> ids) {
        overlays = java.util.List.copyOf(ids);
        overlayLast.keySet().retainAll(overlays);
    }

    public java.util.List<String> overlays() {
        return overlays;
    }

    /** The newest frame drawn of an overlaid sink, or null. */
    public DisplayFrame overlayFrame(String id) {
        return overlayLast.get(id);
    }

    /** Forgets the last frame (a new run starts). */
    public void reset() {
        last = null;
        overlayLast.clear();
        framesDrawn = 0;
        dropped = 0;
        polled = false;
        problem = null;
        draw();
    }

    @Override
    protected void layoutChildren() {
        double w = Math.floor(getWidth());
        double h = Math.floor(getHeight());
        if (w != canvas.getWidth() || h != canvas.getHeight()) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            resized();
            draw();
        }
    }

    /** Called when the canvas size changed, before {@link #draw}. */
    protected void resized() {}

    /** First and last x of a frame's points (a placeholder span around 0 before the first frame). */
    static double[] frequencySpan(DisplayFrame f) {
        return f == null ? new double[] {-0.5, 0.5}
                : new double[] {f.xStart(), f.xStart() + (f.length() - 1) * f.xStep()};
    }

    /** Draws {@link #last} (or an empty plot when null) on the canvas. */
    protected abstract void draw();
}
