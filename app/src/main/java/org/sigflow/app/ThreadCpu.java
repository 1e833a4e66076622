package org.sigflow.app;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * CPU time of the designer's threads by group, for the drawing benchmarks: on a shared machine frames per second
 * follow the load, while the CPU milliseconds the FX and render threads spend per frame (and what the engine's
 * threads got) do much less. Groups: {@code fx} (the JavaFX application thread), {@code render} (Prism's renderer),
 * {@code engine} (block threads and the virtual threads' carriers), {@code other} (GC, JIT, the rest).
 */
final class ThreadCpu {
    private static final ThreadMXBean BEAN = ManagementFactory.getThreadMXBean();
    private final Map<Long, Long> start = new LinkedHashMap<>();
    private final long startNanos = System.nanoTime();

    /** The FX thread (on GTK it is the toolkit's main-loop thread, named after it). */
    private final long fxThread = javafx.application.Platform.isFxApplicationThread()
            ? Thread.currentThread().threadId() : -1;

    /** Made on the FX thread, so that it knows which one that is. */
    ThreadCpu() {
        for (long id : BEAN.getAllThreadIds()) {
            start.put(id, BEAN.getThreadCpuTime(id));
        }
    }

    private String group(long id, String threadName) {
        if (id == fxThread || threadName.equals("JavaFX Application Thread")) {
            return "fx";
        }
        if (threadName.startsWith("QuantumRenderer")) {
            return "render";
        }
        if (threadName.startsWith("sigflow-") || threadName.startsWith("ForkJoinPool-")) {
            return "engine";
        }
        return "other";
    }

    /** CPU seconds per group since this was made (threads that ended meanwhile are not counted). */
    Map<String, Double> seconds() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String g : new String[] {"fx", "render", "engine", "other"}) {
            out.put(g, 0.0);
        }
        for (ThreadInfo t : BEAN.getThreadInfo(BEAN.getAllThreadIds())) {
            if (t == null) {
                continue;
            }
            long now = BEAN.getThreadCpuTime(t.getThreadId());
            if (now < 0) {
                continue;
            }
            long before = start.getOrDefault(t.getThreadId(), 0L);
            out.merge(group(t.getThreadId(), t.getThreadName()), (now - before) / 1e9, Double::sum);
        }
        return out;
    }

    /** {@code cpu fx 3.1 ms/frame, render 5.2 ms/frame, engine 1.62 cores, other 0.10 cores} */
    String summary(long frames) {
        Map<String, Double> s = seconds();
        double wall = (System.nanoTime() - startNanos) / 1e9;
        long f = Math.max(1, frames);
        return String.format(Locale.ROOT, "cpu fx %.2f ms/frame, render %.2f ms/frame (designer %.2f cores), "
                + "engine %.2f cores, other %.2f cores", s.get("fx") * 1e3 / f, s.get("render") * 1e3 / f,
                (s.get("fx") + s.get("render")) / wall, s.get("engine") / wall, s.get("other") / wall);
    }
}
