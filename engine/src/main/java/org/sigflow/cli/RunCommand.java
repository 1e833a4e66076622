package org.sigflow.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.GraphTrust;
import org.sigflow.session.OpenedGraph;
import org.sigflow.session.TrustStore;

/** {@code sigflow run FILE}: runs a graph headless until it ends, fails, is stopped by Ctrl-C or by --seconds. */
final class RunCommand {
    private static final Duration PROGRESS_PERIOD = Duration.ofMillis(500);
    /** How long Ctrl-C waits for the summary before ending the process anyway (a stop takes well under 1 s). */
    private static final int SUMMARY_WAIT_SECONDS = 5;
    private final PrintStream out;
    private final PrintStream err;
    /** Seconds from the command's start until every block was running (parsing, validation, start-up). */
    private double startSeconds;
    /** Of which building the blocks and starting them took these. */
    private double graphStartSeconds;
    /** When a stop was asked (--seconds or Ctrl-C), for the summary's stop latency; 0 if none. */
    private volatile long stopAsked;

    RunCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int execute(List<String> argv) throws Exception {
        long commandStart = System.nanoTime(); // --seconds counts from here, start-up included
        Set<String> options = new java.util.HashSet<>(SplitParts.OPTIONS);
        options.add("--seconds");
        options.add(HierPathOption.NAME);
        Args a = Args.parse(argv, options, Set.of("--trust"));
        Path file = Path.of(a.file("run"));
        double limit = a.positiveDouble("--seconds", Double.POSITIVE_INFINITY);
        PhaseTimes.mark("arguments");
        Engine engine = Engine.loadDefault();
        HierPathOption.apply(engine, a);
        PhaseTimes.mark("catalog and block registry");
        OpenedGraph g = a.options.containsKey("--part") ? SplitParts.openPart(engine, file, a) : engine.open(file, a.sets);
        PhaseTimes.mark("read and validate");
        g.warnings().forEach(w -> err.println("warning: " + w));
        Engine.cudaNotice(g).ifPresent(n -> err.println("note: " + n));
        if (!trusted(file, g, a.flags.contains("--trust"))) {
            return ExitCodes.UNTRUSTED;
        }
        // samples written to '-' own standard output: the summary and progress go to standard error
        PrintStream text = GraphTrust.writesStandardOutput(g) ? err : out;
        long buildStart = System.nanoTime();
        RunningGraph run = engine.start(g, RunOptions.DEFAULT);
        PhaseTimes.mark("build and start blocks");
        startSeconds = (System.nanoTime() - commandStart) / 1e9;
        graphStartSeconds = (System.nanoTime() - buildStart) / 1e9;

        // Ctrl-C or SIGTERM: stop the graph (bounded: blocks see the stop within a work call), let this thread print
        // its summary, then end with this command's exit code.
        CountDownLatch summarised = new CountDownLatch(1);
        AtomicInteger exitCode = new AtomicInteger(ExitCodes.OK);
        Thread hook = new Thread(() -> {
            stopAsked = System.nanoTime();
            run.stop();
            try {
                summarised.await(SUMMARY_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            Runtime.getRuntime().halt(exitCode.get());
        }, "sigflow-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);

        // progress is redrawn in place on the terminal only; piped or redirected output gets just the summary
        boolean terminal = text == out && System.console() != null && System.console().isTerminal();
        long deadline = Double.isInfinite(limit) ? Long.MAX_VALUE : commandStart + (long) (limit * 1e9);
        Optional<RunOutcome> done = Optional.empty();
        while (done.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                stopAsked = System.nanoTime();
                run.stop();
                done = Optional.of(run.await());
                break;
            }
            done = run.await(Duration.ofNanos(Math.min(left, PROGRESS_PERIOD.toNanos())));
            if (terminal && done.isEmpty()) {
                out.print("\r" + progressLine(run) + "   ");
                out.flush();
            }
        }
        if (terminal) {
            out.print("\r" + " ".repeat(78) + "\r");
        }
        RunOutcome outcome = done.get();
        PhaseTimes.mark("run");
        int code = report(outcome, run, text);
        PhaseTimes.mark("summary");
        exitCode.set(code);
        summarised.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C arrived: the hook ends the process with our exit code
        }
        return code;
    }

    /**
     * A graph runs when it stays in its folder and on the loopback, when the user trusted it before, or with
     * {@code --trust} (remembered while the file is unchanged). Otherwise the list of what it would do is shown.
     */
    private boolean trusted(Path file, OpenedGraph g, boolean trustFlag) {
        TrustStore store = TrustStore.user();
        if (trustFlag) {
            try {
                store.trust(file);
            } catch (java.io.IOException e) {
                err.println("warning: could not remember the trust in " + file + ": " + e.getMessage());
            }
            return true;
        }
        List<GraphTrust.Concern> concerns = GraphTrust.concerns(g);
        if (concerns.isEmpty() || store.isTrusted(file)) {
            return true;
        }
        err.println("sigflow: " + file + " is not a trusted graph, and running it would:");
        concerns.forEach(c -> err.println("  - " + c));
        err.println("Run it with --trust if you trust it (remembered while the file stays unchanged).");
        return false;
    }

    private int report(RunOutcome outcome, RunningGraph run, PrintStream text) {
        long asked = stopAsked;
        String timing = String.format(Locale.ROOT, "; command to running %.2f s (graph start %.2f s)", startSeconds,
                graphStartSeconds)
                + (asked != 0 ? String.format(Locale.ROOT, ", stop took %.0f ms", (System.nanoTime() - asked) / 1e6) : "");
        String summary = String.format(Locale.ROOT, "%.2f s, %s%s", outcome.seconds(), throughput(run), timing);
        switch (outcome.kind()) {
            case COMPLETED -> text.println("completed: " + summary);
            case STOPPED -> text.println("stopped: " + summary);
            case FAILED -> {
                err.println("sigflow: " + outcome.failure().describe());
                text.println(String.format(Locale.ROOT, "failed: %.2f s, %s; stop took %.0f ms after the failure",
                        outcome.seconds(), throughput(run), run.stopSeconds() * 1e3));
                if (System.getenv("SIGFLOW_DEBUG") != null && outcome.failure().cause() != null) {
                    outcome.failure().cause().printStackTrace(err);
                }
                return ExitCodes.RUNTIME_FAILURE;
            }
        }
        return ExitCodes.OK;
    }

    private static String progressLine(RunningGraph run) {
        return String.format(Locale.ROOT, "running %.1f s, %s", run.elapsedSeconds(), throughput(run));
    }

    /**
     * Items that reached the sinks (blocks without outputs: the busiest one), or that left the sources when the graph
     * has no sink. A graph whose sinks got nothing says 0, not what the sources made.
     */
    private static String throughput(RunningGraph run) {
        long sinkItems = 0;
        long sourceItems = 0;
        boolean hasSink = false;
        for (BlockMetrics m : run.metrics()) {
            if (m.outputFill().isEmpty()) {
                hasSink = true;
                sinkItems = Math.max(sinkItems, m.itemsIn());
            }
            if (m.itemsIn() == 0) {
                sourceItems = Math.max(sourceItems, m.itemsOut());
            }
        }
        long items = hasSink ? sinkItems : sourceItems;
        double s = run.elapsedSeconds();
        return String.format(Locale.ROOT, "%,d items %s (%.2f M items/s)", items,
                hasSink ? "to the sinks" : "from the sources", s > 0 ? items / s / 1e6 : 0);
    }
}
