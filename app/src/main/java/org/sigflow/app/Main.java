package org.sigflow.app;

import javafx.application.Application;

/**
 * Entry point of {@code sigflow gui [FILE]}. Without a display it says so in one line (no stack trace) and exits 2,
 * as the CLI does for unusable input; {@code SIGFLOW_DEBUG=1} shows the stack trace of a failed start.
 */
public final class Main {
    private Main() {}

    /**
     * Sets the pulse timer to 15 ms: Quantum reads {@code javafx.animation.pulse} once, when its toolkit class is
     * initialised; the property is cleared again before the animation timer reads it, which would print a line and
     * change animations' time step too.
     */
    private static void fasterPulse() {
        System.setProperty("javafx.animation.pulse", "63");
        try {
            Class.forName("com.sun.javafx.tk.quantum.QuantumToolkit", true, Main.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            // another toolkit: its default pulse
        } finally {
            System.clearProperty("javafx.animation.pulse");
        }
    }

    public static void main(String[] args) {
        if (args.length > 1 || (args.length == 1 && args[0].startsWith("-"))) {
            System.err.println("usage: sigflow gui [FILE]");
            System.exit(2);
        }
        if (!hasDisplay()) {
            System.err.println("sigflow gui: no display (DISPLAY and WAYLAND_DISPLAY are not set): the designer needs "
                    + "a graphical session; './sigflow run FILE' runs a graph without one");
            System.exit(2);
        }
        // JavaFX's pulse timer sleeps 1000 / javafx.animation.pulse ms (integer: 16 ms at the default 60) between pulses
        // and overshoots each: 59.3 pulses/s measured under Xvfb, so views of sinks publishing 60 frames/s fell
        // behind. 63 gives a 15 ms period (about 63 pulses/s): a pulse is ready for every frame of a 60 frames/s sink.
        if (System.getProperty("javafx.animation.pulse") == null) {
            fasterPulse();
        }
        EarlyEngine.start(); // beside the toolkit's start
        try {
            Application.launch(DesignerApp.class, args);
        } catch (RuntimeException | Error e) {
            if (System.getenv("SIGFLOW_DEBUG") != null) {
                e.printStackTrace();
            }
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            System.err.println("sigflow gui: the designer could not start: " + root.getMessage());
            System.exit(1);
        }
    }

    /** A display is needed unless a headless platform (Monocle) was chosen. */
    static boolean hasDisplay() {
        if ("Monocle".equalsIgnoreCase(System.getProperty("glass.platform"))) {
            return true;
        }
        return notBlank(System.getenv("DISPLAY")) || notBlank(System.getenv("WAYLAND_DISPLAY"));
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }
}
