package org.sigflow.cuda;

import static jcuda.driver.JCudaDriver.cuEventElapsedTime;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedQueue;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;

/**
 * A measuring aid ({@code -Dsigflow.cuda.timeline=FILE}): every page a {@link KernelTimer} times is written to FILE at
 * exit as one line {@code thread page host_ms start_ms end_ms}: the device times of its begin and end events and the
 * host time its begin was queued, all in ms after one reference event (recorded and waited for once, so the host and
 * device clocks agree to a few µs). It shows what overlaps on the device and how late the host queued each page.
 * Off (the default) it costs nothing.
 */
public final class Timeline {
    private static final String FILE = System.getProperty("sigflow.cuda.timeline");
    private static final ConcurrentLinkedQueue<String> LINES = new ConcurrentLinkedQueue<>();
    private static CUevent reference;
    private static long referenceNanos;

    private Timeline() {}

    public static boolean on() {
        return FILE != null && !FILE.isBlank();
    }

    /** The reference event, made on first use by a thread bound to the device (the timers' threads are). */
    private static synchronized CUevent reference() {
        if (reference == null) {
            CUstream s = Events.stream();
            reference = Events.timing();
            Events.record(reference, s);
            Events.sync(reference);
            referenceNanos = System.nanoTime();
            Events.close(s);
            Runtime.getRuntime().addShutdownHook(new Thread(Timeline::write, "sigflow-timeline"));
        }
        return reference;
    }

    /** A begin recorded by {@code who} for its page {@code page} (queued at {@code hostNanos}); both events done. */
    static void add(String who, long page, long hostNanos, CUevent start, CUevent end) {
        CUevent ref = reference();
        float[] s = {0};
        float[] e = {0};
        if (cuEventElapsedTime(s, ref, start) != 0 || cuEventElapsedTime(e, ref, end) != 0) {
            return; // recorded inside a graph, or before the reference: not placed
        }
        LINES.add(who + " " + page + " " + String.format(java.util.Locale.ROOT, "%.4f %.4f %.4f",
                (hostNanos - referenceNanos) / 1e6, s[0], e[0]));
    }

    private static void write() {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(FILE)))) {
            LINES.forEach(w::println);
        } catch (IOException e) {
            System.err.println("timeline: cannot write " + FILE + ": " + e.getMessage());
        }
    }
}
