package org.sigflow.cuda;

import java.util.Locale;

/**
 * How a CUDA block queues a page's work ({@code -Dsigflow.cuda.launch}):
 * <ul>
 *   <li>{@link #GRAPH} (default): the page's work (its event waits, timing events, kernels and event records) is
 *       captured once per page layout as a CUDA graph and replayed with one {@code cuGraphLaunch}, in blocks that
 *       declare their work replayable; others take the {@link #FFM} path;</li>
 *   <li>{@link #FFM}: one driver call per wait, record and kernel, through the Java FFM API;</li>
 *   <li>{@link #JCUDA}: the same calls through JCuda's JNI binding (the path before FFM; for comparison).</li>
 * </ul>
 * Where {@code libcuda.so.1} cannot be bound through FFM every path falls back to {@link #JCUDA}.
 */
public enum LaunchPath {
    GRAPH,
    FFM,
    JCUDA;

    /**
     * The path of this process.
     *
     * @throws IllegalArgumentException naming the property when its value is none of graph, ffm, jcuda
     */
    public static LaunchPath current() {
        String v = System.getProperty("sigflow.cuda.launch");
        Parsed last = lastParsed;
        if (last == null || !java.util.Objects.equals(last.value, v)) { // read per launch: tests switch paths
            last = new Parsed(v, parse(v));
            lastParsed = last;
        }
        return last.path == JCUDA || Driver.get() != null ? last.path : JCUDA;
    }

    private record Parsed(String value, LaunchPath path) {}

    private static volatile Parsed lastParsed;

    static LaunchPath parse(String v) {
        if (v == null || v.isBlank()) {
            return GRAPH;
        }
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "graph" -> GRAPH;
            case "ffm" -> FFM;
            case "jcuda" -> JCUDA;
            default -> throw new IllegalArgumentException("sigflow.cuda.launch must be graph, ffm or jcuda, not '" + v + "'");
        };
    }

    /** True when driver calls go through {@link Driver} (FFM). */
    public boolean ffm() {
        return this != JCUDA;
    }
}
