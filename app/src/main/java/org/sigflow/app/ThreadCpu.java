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
    private final long processStart = processCpuNanos();
    /** The X server this designer draws on (Xvfb under xvfb-run), or -1: its CPU belongs to the designer's frames. */
    private final long xServer = xServerPid();
    private final long xServerStart = procCpuNanos(xServer);

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

    /** CPU of this whole process (every thread: GC, JIT, the engine, the designer), or -1. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    /** The pid of the X server named by {@code DISPLAY} (an Xvfb/Xorg whose command line has that display), or -1. */
    private static long xServerPid() {
        String display = System.getenv("DISPLAY");
        if (display == null || !display.startsWith(":")) {
            return -1;
        }
        String number = display.split("\\.")[0];
        try (var dirs = java.nio.file.Files.list(java.nio.file.Path.of("/proc"))) {
            return dirs.filter(d -> d.getFileName().toString().chars().allMatch(Character::isDigit)).filter(d -> {
                try {
                    String[] args = new String(java.nio.file.Files.readAllBytes(d.resolve("cmdline"))).split("\0");
                    return args.length > 1 && args[0].matches(".*X(vfb|org)?$") && java.util.Arrays.asList(args)
                            .contains(number);
                } catch (java.io.IOException | RuntimeException e) {
                    return false;
                }
            }).mapToLong(d -> Long.parseLong(d.getFileName().toString())).findFirst().orElse(-1);
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    /** User + system CPU of a process from /proc (clock ticks of 10 ms), or -1. */
    private static long procCpuNanos(long pid) {
        if (pid < 0) {
            return -1;
        }
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L; // utime, stime (USER_HZ 100)
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }

    /** {@code cpu fx 3.1 ms/frame, render 5.2 ms/frame, engine 1.62 cores, other 0.10 cores} */
    String summary(long frames) {
        Map<String, Double> s = seconds();
        double wall = (System.nanoTime() - startNanos) / 1e9;
        long f = Math.max(1, frames);
        return String.format(Locale.ROOT, "cpu fx %.2f ms/frame, render %.2f ms/frame (designer %.2f cores), "
                + "engine %.2f cores, other %.2f cores", s.get("fx") * 1e3 / f, s.get("render") * 1e3 / f,
                (s.get("fx") + s.get("render")) / wall, s.get("engine") / wall, s.get("other") / wall)
                + String.format(Locale.ROOT, "; whole process %.2f cores", (processCpuNanos() - processStart) / 1e9 / wall)
                + (xServer < 0 || xServerStart < 0 ? "" : String.format(Locale.ROOT, ", X server %.2f cores (%.2f ms/frame)",
                (procCpuNanos(xServer) - xServerStart) / 1e9 / wall, (procCpuNanos(xServer) - xServerStart) / 1e6 / f));
    }
}
