package org.sigflow.blocks.memory;

import java.util.HashMap;
import java.util.Map;

/**
 * Where the memory nodes' host threads spend their time (a benchmark tool, not a test; the GPU machine has no
 * profiler): runs {@code sigflow bench ARGS} in this process while a daemon samples the stacks of the threads whose
 * name starts with {@code -Dsampler.threads} (default {@code sigflow-h2d,sigflow-d2h}) every 200 µs, and prints each
 * thread's most frequent frames (the first {@code -Dsampler.depth} frames, default 4) at exit.
 * Usage: {@code java -cp test/classes:... org.sigflow.blocks.memory.HostSampler bench GRAPH --samples N}.
 */
public final class HostSampler {
    private HostSampler() {}

    public static void main(String[] args) throws Exception {
        String[] names = System.getProperty("sampler.threads", "sigflow-h2d,sigflow-d2h").split(",");
        int depth = Integer.getInteger("sampler.depth", 4);
        Map<String, Map<String, Integer>> counts = new HashMap<>();
        Thread t = new Thread(() -> {
            while (true) {
                for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
                    String n = e.getKey().getName();
                    for (String want : names) {
                        if (n.equals(want) && e.getValue().length > 0) {
                            StringBuilder b = new StringBuilder();
                            int shown = 0;
                            for (StackTraceElement f : e.getValue()) {
                                String c = f.getClassName();
                                if (shown >= depth || (shown > 0 && (c.contains("LambdaForm") || c.contains("Downcall")
                                        || c.startsWith("java.lang.invoke") || c.startsWith("jdk.internal")))) {
                                    if (shown >= depth) {
                                        break;
                                    }
                                    continue;
                                }
                                int i = shown++;
                                b.append(i == 0 ? "" : " < ").append(f.getClassName().replaceAll(".*\\.", ""))
                                        .append('.').append(f.getMethodName()).append(':').append(f.getLineNumber());
                            }
                            synchronized (counts) {
                                counts.computeIfAbsent(n, k -> new HashMap<>()).merge(b.toString(), 1, Integer::sum);
                            }
                        }
                    }
                }
                try {
                    Thread.sleep(0, 200_000);
                } catch (InterruptedException ex) {
                    return;
                }
            }
        }, "sampler");
        t.setDaemon(true);
        t.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            synchronized (counts) {
                counts.forEach((n, m) -> {
                    int total = m.values().stream().mapToInt(Integer::intValue).sum();
                    System.err.println("== " + n + ": " + total + " samples");
                    m.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(14).forEach(e ->
                            System.err.printf("  %5.1f %%  %s%n", 100.0 * e.getValue() / total, e.getKey()));
                });
            }
        }));
        org.sigflow.cli.Main.main(args);
    }
}
