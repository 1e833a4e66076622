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
 * ({@link CacheHint#SPEED}); a quarter second after the last step the blocks are drawn directly again, sharp at the
 * new zoom. Redrawing 500 blocks' shapes, gradients and text on every step was the pan/zoom bottleneck
 * (tools/bench/startup/pan_zoom.sh: 14 → 45–49 fps under software rendering, docs/performance.md).
 */
final class GestureCache {
    private static final Duration SETTLE = Duration.millis(250);
    private final Group blocks;
    private final PauseTransition settle = new PauseTransition(SETTLE);
    private boolean cached;

    private GestureCache(Group blocks) {
        this.blocks = blocks;
        settle.setOnFinished(e -> cache(false));
    }

    /** Watches the view's transforms; {@code blocks} is the layer of block nodes. */
    static void install(Group blocks, Translate pan, Scale zoom) {
        GestureCache c = new GestureCache(blocks);
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
        for (Node n : blocks.getChildren()) {
            n.setCache(on);
            n.setCacheHint(on ? CacheHint.SPEED : CacheHint.DEFAULT);
        }
    }
}
