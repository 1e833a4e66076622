package org.sigflow.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;
import org.sigflow.validate.ResolvedBlock;

/**
 * {@code sigflow bench FILE}: end-to-end and per-block throughput. A warm-up run (a fifth of the samples, at least
 * one million) lets the JIT compile the hot loops; the measured run then goes until the sources have produced
 * {@code --samples} scalar samples (vector items count vlen samples each).
 *
 * <p>End-to-end Msps = source samples / wall seconds. Per block: {@code msps} = samples through the block / seconds
 * spent inside its {@code work()}, i.e. what the block alone sustains (GNU Radio's per-block work-time view);
 * {@code busy} = fraction of the wall time its thread spent working (near 1.0 marks the bottleneck).
 */
final class BenchCommand {
    private final PrintStream out;
    private final PrintStream err;

    BenchCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int execute(List<String> argv) throws Exception {
        Args a = Args.parse(argv, Set.of("--samples"), Set.of("--json"));
        Path file = Path.of(a.file("bench"));
        long samples = a.positiveLong("--samples", 50_000_000L);
        Engine engine = Engine.loadDefault();
        OpenedGraph g = engine.open(file, a.sets);
        Map<String, Integer> vlen = samplesPerItem(g);
        Engine.cudaNotice(g).ifPresent(n -> err.println("note: " + n));

        Measured warm = measure(engine, g, Math.max(1_000_000L, samples / 5), vlen);
        if (warm.outcome.kind() == RunOutcome.Kind.FAILED) {
            err.println("sigflow: " + warm.outcome.failure().describe());
            return ExitCodes.RUNTIME_FAILURE;
        }
        Measured m = measure(engine, g, samples, vlen);
        if (m.outcome.kind() == RunOutcome.Kind.FAILED) {
            err.println("sigflow: " + m.outcome.failure().describe());
            return ExitCodes.RUNTIME_FAILURE;
        }
        Map<String, Object> report = report(m, vlen);
        if (a.flags.contains("--json")) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report));
        } else {
            printTable(report);
        }
        return ExitCodes.OK;
    }

    private record Measured(RunOutcome outcome, List<BlockMetrics> metrics, long samples, double seconds) {}

    private static Measured measure(Engine engine, OpenedGraph g, long target, Map<String, Integer> vlen)
            throws Exception {
        RunningGraph run = engine.start(g, RunOptions.DEFAULT);
        long produced = 0;
        while (run.isRunning()) {
            produced = sourceSamples(run.metrics(), vlen);
            if (produced >= target) {
                run.stop();
                break;
            }
            run.await(Duration.ofMillis(2));
        }
        RunOutcome outcome = run.await();
        List<BlockMetrics> metrics = run.metrics();
        return new Measured(outcome, metrics, sourceSamples(metrics, vlen), outcome.seconds());
    }

    private static long sourceSamples(List<BlockMetrics> metrics, Map<String, Integer> vlen) {
        long s = 0;
        for (BlockMetrics b : metrics) {
            if (b.itemsIn() == 0 && !b.outputFill().isEmpty()) {
                s = Math.max(s, b.itemsOut() * vlen.getOrDefault(b.id(), 1));
            }
        }
        return s;
    }

    /** Scalar samples per item on each block's first port (input, or output for a source). */
    private static Map<String, Integer> samplesPerItem(OpenedGraph g) {
        Map<String, Integer> v = new HashMap<>();
        for (ResolvedBlock b : g.resolved().blocks()) {
            int n = !b.inputs().isEmpty() ? b.inputs().get(0).vlen() : !b.outputs().isEmpty() ? b.outputs().get(0).vlen() : 1;
            v.put(b.id(), n);
        }
        return v;
    }

    private static Map<String, Object> report(Measured m, Map<String, Integer> vlen) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("samples", m.samples);
        r.put("seconds", round(m.seconds));
        r.put("msps", round(m.seconds > 0 ? m.samples / m.seconds / 1e6 : 0));
        r.put("outcome", m.outcome.kind().toString().toLowerCase(Locale.ROOT));
        r.put("cpus", Runtime.getRuntime().availableProcessors());
        r.put("java", Runtime.version().toString());
        List<Map<String, Object>> blocks = new ArrayList<>();
        for (BlockMetrics b : m.metrics) {
            long items = b.itemsIn() > 0 ? b.itemsIn() : b.itemsOut();
            long s = items * vlen.getOrDefault(b.id(), 1);
            double work = b.workNanos() / 1e9;
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", b.id());
            row.put("type", b.type());
            row.put("samples", s);
            row.put("msps", round(work > 0 ? s / work / 1e6 : 0));
            row.put("busy", round(b.busyFraction()));
            row.put("work_share", round(b.workShare()));
            b.extra().forEach((k, v) -> row.put(k, round(v)));
            Double kernelMs = b.extra().get("kernel_ms");
            if (kernelMs != null && kernelMs > 0 && b.extra().getOrDefault("pages_timed", 0.0) > 0) {
                row.put("gpu_msps", round(s / (kernelMs / 1e3) / 1e6)); // samples over summed kernel time
            }
            blocks.add(row);
        }
        r.put("blocks", blocks);
        return r;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    @SuppressWarnings("unchecked")
    private void printTable(Map<String, Object> r) {
        out.printf(Locale.ROOT, "end to end: %,d samples in %.3f s = %.2f Msps (%s)%n", r.get("samples"), r.get("seconds"),
                r.get("msps"), r.get("outcome"));
        out.printf("%-20s %-20s %12s %8s %8s %12s%n", "block", "type", "Msps(work)", "busy", "share", "Msps(GPU)");
        for (Map<String, Object> b : (List<Map<String, Object>>) r.get("blocks")) {
            Object gpu = b.get("gpu_msps");
            out.printf(Locale.ROOT, "%-20s %-20s %12.2f %8.3f %8.3f %12s%n", b.get("id"), b.get("type"), b.get("msps"),
                    b.get("busy"), b.get("work_share"), gpu == null ? "" : String.format(Locale.ROOT, "%.1f", gpu));
        }
    }
}
