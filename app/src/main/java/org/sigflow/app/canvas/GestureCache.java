package org.sigflow.app.canvas;

import javafx.animation.PauseTransition;
import javafx.beans.InvalidationListener;
import javafx.scene.CacheHint;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.transform.Scale;
import javafx.scene.transform.Translate;
import javafx.util.Duration;

/**
 * While the view pans or zooms, each block is drawn once as a bitmap and moved and scaled as one
 * ({@link CacheHint#SPEED}); a quarter second after the last step they are drawn directly again, sharp at the new
 * zoom. Redrawing 500 blocks' shapes, gradients and text on every step was the pan/zoom bottleneck
 * (tools/bench/startup/pan_zoom.sh, docs/performance.md). Edges are not cached: a long edge's bitmap (cached at
 * 100 % at least) is larger than the stroke it saves. Nodes outside the view cost nothing per step: the renderer
 * skips nodes outside the region it repaints.
 */
final class GestureCache {
    private static final Duration SETTLE = Duration.millis(250);
    private final Group[] layers;
    private final PauseTransition settle = new PauseTransition(SETTLE);
    private boolean cached;

    private GestureCache(Group... layers) {
        this.layers = layers;
        settle.setOnFinished(e -> cache(false));
    }

    /** Watches the view's transforms; {@code layers} hold the nodes to cache. */
    static void install(Translate pan, Scale zoom, Group... layers) {
        GestureCache c = new GestureCache(layers);
        InvalidationListener moved = o -> c.moved();
        pan.xProperty().addListener(moved);
        pan.yProperty().addListener(moved);
        zoom.xProperty().addListener(moved);
    }

    private void moved() {
        if (!cached) {
            cache(true);
        }
        settle.playFromStart();
    }

    private void cache(boolean on) {
        cached = on;
        for (Group layer : layers) {
            for (Node n : layer.getChildren()) {
                n.setCache(on);
                n.setCacheHint(on ? CacheHint.SPEED : CacheHint.DEFAULT);
            }
        }
    }
}
