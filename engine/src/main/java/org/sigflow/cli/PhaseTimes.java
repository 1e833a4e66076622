package org.sigflow.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code -Dsigflow.phases}: where a command's start-up goes (tools/bench/startup). Each {@link #mark} notes the
 * milliseconds since the previous mark; {@link #print} writes one line to standard error, starting with the
 * wall-clock time {@code main} was entered (a benchmark subtracts its own start time: the JVM's start is the rest).
 * Off: nothing is measured or printed.
 */
final class PhaseTimes {
    private static final boolean ON = System.getProperty("sigflow.phases") != null;
    private static final StringBuilder LINE = new StringBuilder();
    private static long last = System.nanoTime();

    private PhaseTimes() {}

    /** Called first thing in {@code main}: the wall clock then, to set against the caller's own start time. */
    static void started() {
        if (ON) {
            LINE.append("main at ").append(System.currentTimeMillis()).append(" (epoch ms)");
            last = System.nanoTime();
        }
    }

    static void mark(String phase) {
        if (ON) {
            long now = System.nanoTime();
            LINE.append(String.format(Locale.ROOT, ", %s %.0f ms", phase, (now - last) / 1e6));
            last = now;
        }
    }

    static void print(PrintStream err) {
        if (ON) {
            err.println("sigflow-phases: " + LINE);
        }
    }
}
