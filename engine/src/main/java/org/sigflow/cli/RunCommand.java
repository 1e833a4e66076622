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
import org.sigflow.session.OpenedGraph;

/** {@code sigflow run FILE}: runs a graph headless until it ends, fails, is stopped by Ctrl-C or by --seconds. */
final class RunCommand {
    private static final Duration PROGRESS_PERIOD = Duration.ofMillis(500);
    private final PrintStream out;
    private final PrintStream err;

    RunCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int execute(List<String> argv) throws Exception {
        Set<String> options = new java.util.HashSet<>(SplitParts.OPTIONS);
        options.add("--seconds");
        Args a = Args.parse(argv, options, Set.of());
        Path file = Path.of(a.file("run"));
        double limit = a.positiveDouble("--seconds", Double.POSITIVE_INFINITY);
        Engine engine = Engine.loadDefault();
        OpenedGraph g = a.options.containsKey("--part") ? SplitParts.openPart(engine, file, a) : engine.open(file, a.sets);
        g.warnings().forEach(w -> err.println("warning: " + w));
        Engine.cudaNotice(g).ifPresent(n -> err.println("note: " + n));
        RunningGraph run = engine.start(g, RunOptions.DEFAULT);

        // Ctrl-C: stop the graph, let this thread print its summary, then end with this command's exit code.
        CountDownLatch summarised = new CountDownLatch(1);
        AtomicInteger exitCode = new AtomicInteger(ExitCodes.OK);
        Thread hook = new Thread(() -> {
            run.stop();
            try {
                summarised.await(3, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            Runtime.getRuntime().halt(exitCode.get());
        }, "sigflow-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);

        // progress is redrawn in place on the terminal only; piped or redirected output gets just the summary
        boolean terminal = System.console() != null && System.console().isTerminal();
        long deadline = Double.isInfinite(limit) ? Long.MAX_VALUE : System.nanoTime() + (long) (limit * 1e9);
        Optional<RunOutcome> done = Optional.empty();
        while (done.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
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
        int code = report(outcome, run);
        exitCode.set(code);
        summarised.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C arrived: the hook ends the process with our exit code
        }
        return code;
    }

    private int report(RunOutcome outcome, RunningGraph run) {
        String summary = String.format(Locale.ROOT, "%.2f s, %s", outcome.seconds(), throughput(run));
        switch (outcome.kind()) {
            case COMPLETED -> out.println("completed: " + summary);
            case STOPPED -> out.println("stopped: " + summary);
            case FAILED -> {
                err.println("sigflow: " + outcome.failure().describe());
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

    /** Items that reached the sinks (blocks without outputs), or left the sources if there are none. */
    private static String throughput(RunningGraph run) {
        long sinkItems = 0;
        long sourceItems = 0;
        for (BlockMetrics m : run.metrics()) {
            if (m.outputFill().isEmpty()) {
                sinkItems = Math.max(sinkItems, m.itemsIn());
            }
            if (m.itemsIn() == 0) {
                sourceItems = Math.max(sourceItems, m.itemsOut());
            }
        }
        long items = sinkItems > 0 ? sinkItems : sourceItems;
        double s = run.elapsedSeconds();
        return String.format(Locale.ROOT, "%,d items to the sinks (%.2f M items/s)", items, s > 0 ? items / s / 1e6 : 0);
    }
}
