package org.sigflow.app.views;

/** Waits for JavaFX pulses in UI tests (what is drawn reaches the screen on a pulse), without sleeping. */
public final class FxPulses {
    private FxPulses() {}

    /** Waits (at most 10 s) until JavaFX has run {@code n} more pulses. */
    public static void await(int n) throws InterruptedException {
        java.util.concurrent.CountDownLatch left = new java.util.concurrent.CountDownLatch(n);
        javafx.animation.AnimationTimer t = new javafx.animation.AnimationTimer() {
            @Override
            public void handle(long now) {
                left.countDown();
            }
        };
        javafx.application.Platform.runLater(t::start);
        boolean pulsed = left.await(10, java.util.concurrent.TimeUnit.SECONDS);
        javafx.application.Platform.runLater(t::stop);
        if (!pulsed) {
            throw new AssertionError("no JavaFX pulses");
        }
    }
}
