package org.sigflow.app.views;

import javafx.application.ConditionalFeature;
import javafx.application.Platform;
import javafx.event.Event;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.stage.Popup;

/**
 * A docked view's surface (the node its frames change: the waterfall's picture) shown during a run in a small
 * undecorated window of its own exactly over its place in the designer's main window. Under software drawing (Prism
 * {@code sw}: Xvfb, a desktop without GL) JavaFX copies a window's every pixel out of its render target and uploads
 * them to the window for each frame, whatever changed (UploadingPainter, GTK's upload, the X server's copy;
 * docs/performance.md): a frame drawn in the main window presents all of it, one drawn here only the picture. What is
 * seen is the same; the main window then repaints only when something in it changes. The window is a {@link Popup}
 * (no frame, never takes the focus, placed in screen coordinates, stacked above its owner as menus are); the pane
 * shows it only while that looks right (the main window focused, the place in sight and not covered) and otherwise
 * gives the surface back to the view, drawn in the main window as before. With a GPU pipeline presenting is a buffer
 * swap and the overlay is not used. {@code -Dsigflow.viewOverlay=on|off} overrides that choice.
 */
final class SurfaceOverlay {
    private final LiveView view;
    private Popup popup;
    private Node lent;
    /** Pulses the place must keep still before the overlay is shown. */
    private static final int STILL_PULSES = 6;
    /** The place's screen position at the last update, and for how many updates it has not moved. */
    private Point2D lastAt;
    private int still;

    SurfaceOverlay(LiveView view) {
        this.view = view;
    }

    /** Whether docked views use overlays: {@code sigflow.viewOverlay} on or off, else only under software drawing. */
    static boolean wanted() {
        return switch (System.getProperty("sigflow.viewOverlay", "auto")) {
            case "on" -> true;
            case "off" -> false;
            default -> !Platform.isSupported(ConditionalFeature.SCENE3D); // false for Prism sw only
        };
    }

    /** The surface's bounds in the view, or null when it has none to show. */
    private Bounds place() {
        Node s = lent != null ? lent : view.surface();
        if (s == null || !s.isVisible() || view.getScene() == null) {
            return null;
        }
        Bounds b = s.getBoundsInParent(); // in the view's coordinates, lent or not
        return b.getWidth() < 1 || b.getHeight() < 1 ? null : b;
    }

    /** The surface's bounds in the view's scene, or null when it has none to show. */
    Bounds placeInScene() {
        Bounds b = place();
        return b == null ? null : view.localToScene(b);
    }

    /**
     * Shows the surface over its place if {@code may} and the place has not moved for a few pulses, else gives it
     * back: while the place moves (a panel dragged, the window moved) the picture is drawn in the main window, where
     * it moves with everything else in the same frame instead of a frame behind.
     */
    void update(boolean may) {
        Bounds place = may ? place() : null;
        Point2D at = place == null ? null : view.localToScreen(place.getMinX(), place.getMinY());
        still = at != null && at.equals(lastAt) ? still + 1 : 0;
        lastAt = at;
        if (at == null || still < STILL_PULSES) {
            release();
            return;
        }
        if (lent == null) {
            lent = view.lendSurface();
            if (lent == null) {
                return;
            }
            if (popup == null) {
                popup = newPopup();
            }
            // at the window's top left, whatever its place in the view: the window is the surface's size exactly
            // (a window's transparent pixels are not see-through without a compositor)
            javafx.scene.Group holder = new javafx.scene.Group(lent);
            holder.layoutXProperty().bind(lent.layoutXProperty().negate());
            holder.layoutYProperty().bind(lent.layoutYProperty().negate());
            popup.getContent().setAll(holder);
            popup.show(view.getScene().getWindow(), at.getX(), at.getY());
        }
    }

    /** Gives the surface back to the view (drawn in the main window again) and hides the window. */
    void release() {
        if (lent == null) {
            return;
        }
        popup.hide();
        ((javafx.scene.Group) popup.getContent().getFirst()).getChildren().clear();
        popup.getContent().clear();
        view.takeBackSurface(lent);
        lent = null;
    }

    /** Whether the surface is in the overlay now. */
    boolean showing() {
        return lent != null;
    }

    /** The overlay's window, or null before it was first shown (for tests). */
    Popup window() {
        return popup;
    }

    private Popup newPopup() {
        Popup p = new Popup();
        p.setAutoHide(false);
        p.setAutoFix(false); // exactly over the place, also when the main window is partly off the screen
        p.setHideOnEscape(false);
        // The mouse over the picture reaches the view in the main window, as when it is drawn there (the wheel
        // scrolls the views area)
        p.getScene().addEventFilter(MouseEvent.ANY, e -> {
            if (e.getEventType() != MouseEvent.MOUSE_ENTERED && e.getEventType() != MouseEvent.MOUSE_EXITED
                    && e.getEventType() != MouseEvent.MOUSE_ENTERED_TARGET
                    && e.getEventType() != MouseEvent.MOUSE_EXITED_TARGET) {
                forward(e);
            } else if (e.getEventType() == MouseEvent.MOUSE_EXITED_TARGET && e.getTarget() == p.getScene().getRoot()) {
                // the mouse left the window, maybe straight out of the view: the view's exit (a spectrum's readout
                // ends), as when the picture is drawn in the view
                forward(e.copyFor(e.getSource(), e.getTarget(), MouseEvent.MOUSE_EXITED));
            }
            e.consume();
        });
        p.getScene().addEventFilter(ScrollEvent.SCROLL, this::forward);
        return p;
    }

    /** Fires a mouse or scroll event of the overlay at the view, in the main window's scene coordinates. */
    private void forward(Event e) {
        Scene main = view.getScene();
        if (main == null || main.getWindow() == null) {
            return;
        }
        double left = main.getWindow().getX() + main.getX();
        double top = main.getWindow().getY() + main.getY();
        if (e instanceof MouseEvent m) {
            Event.fireEvent(view, new MouseEvent(m.getEventType(), m.getScreenX() - left, m.getScreenY() - top,
                    m.getScreenX(), m.getScreenY(), m.getButton(), m.getClickCount(), m.isShiftDown(),
                    m.isControlDown(), m.isAltDown(), m.isMetaDown(), m.isPrimaryButtonDown(),
                    m.isMiddleButtonDown(), m.isSecondaryButtonDown(), m.isSynthesized(), m.isPopupTrigger(),
                    m.isStillSincePress(), null));
        } else if (e instanceof ScrollEvent s) {
            Event.fireEvent(view, new ScrollEvent(s.getEventType(), s.getScreenX() - left, s.getScreenY() - top,
                    s.getScreenX(), s.getScreenY(), s.isShiftDown(), s.isControlDown(), s.isAltDown(),
                    s.isMetaDown(), s.isDirect(), s.isInertia(), s.getDeltaX(), s.getDeltaY(), s.getTotalDeltaX(),
                    s.getTotalDeltaY(), s.getTextDeltaXUnits(), s.getTextDeltaX(), s.getTextDeltaYUnits(),
                    s.getTextDeltaY(), s.getTouchCount(), null));
        }
        e.consume();
    }
}
