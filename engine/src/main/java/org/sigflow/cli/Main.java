package org.sigflow.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import org.sigflow.runtime.Scheduling;
import org.sigflow.session.InvalidGraphException;

/**
 * {@code sigflow}: the headless command line. Exit codes: 0 ok, 1 runtime failure, 2 invalid input. A user never sees
 * a stack trace; {@code SIGFLOW_DEBUG=1} prints them for bug reports.
 */
public final class Main {
    static final String HELP = """
            Usage: sigflow <command> [options]

            Commands:
              run FILE [--set name=value ...] [--seconds S] [--trust]
                    Validate and run a .graph file headless. Shows progress on a terminal; Ctrl-C stops it cleanly.
                    --set overrides a graph variable (value is an expression); --seconds stops the run S seconds
                    after the command started. A graph that would read or write outside its folder, overwrite a file
                    or use a non-loopback address runs only if trusted: --trust trusts it (docs/safety.md).
              run FILE --part NAME [--base-port N] [--hosts part=address,...]
                    Run one part of a graph whose blocks name a host (local: blocks without one), joined to the
                    other parts by ZMQ links on ports N, N+1, ... (default 5600); see docs/zeromq.md.
              split FILE [--out DIR] [--base-port N] [--hosts part=address,...]
                    Write each part of such a graph as its own .graph file (FILE.PART.graph).
              serve [--listen ADDRESS:PORT] [--token TOKEN] [--work DIR] [--trust]
                    Run as a remote engine: the designer elsewhere sends graphs, runs them here and watches them
                    live (HTTP; default 127.0.0.1:7878). Beyond loopback a token is required (given, or generated
                    and printed). Graphs may use files only in the work folder (default ~/.sigflow/serve-work)
                    and the loopback, unless --trust. See docs/remote.md (also for SSH tunnelling).
              validate FILE [--set name=value ...]
                    Check a graph file and report every problem with its location.
                    Hier blocks (a block type T not in the catalog is the file T.graph) are looked for in the
                    graph's folder, then in --hier-path DIR[:DIR...] (run and validate), $SIGFLOW_HIER_PATH and
                    ~/.local/share/sigflow/hier; run and validate flatten them (docs/hier-blocks.md).
              import FILE.grc [-o OUT.graph] [--force]
                    Import a GNU Radio Companion flowgraph: write it as a .graph (default: FILE.graph beside it;
                    --force overwrites) and print what was not imported. Exit 0 complete, 3 partial, 2 unreadable.
                    (run and validate also accept a .grc and import it in memory.)
              blocks [--json]
                    List the block catalog (--json: the full catalog entries).
              bench FILE [--samples N] [--set name=value ...] [--json]
                    Run a graph until its sources produced N samples (default 50e6) after a warm-up run, and report
                    end-to-end and per-block throughput in Msps.
              devices [KEY=VALUE,...]
                    List the SoapySDR radios connected (e.g. 'devices driver=rtlsdr'); the device line is what
                    soapy_source's Device param takes.
              gui [FILE]
                    Open the JavaFX designer, with FILE if given (the ./sigflow launcher starts it).
              help  Show this text.

            Exit codes: 0 ok, 1 runtime failure (a block failed), 2 invalid input (file, format, graph, options),
            3 import written but partial, 4 run refused: the graph is not trusted.
            Relative file paths inside a graph resolve against the graph file's folder.
            """;

    private Main() {}

    public static void main(String[] argv) {
        PhaseTimes.started();
        int code = run(Arrays.asList(argv), System.out, System.err);
        System.out.flush();
        PhaseTimes.print(System.err);
        System.exit(code);
    }

    /** A mistyped {@code -Dsigflow.scheduler} is a usage error, not an internal one when the first run starts. */
    private static void checkSchedulerProperty() throws UsageException {
        try {
            Scheduling.fromProperty(System.getProperty("sigflow.scheduler"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("-D" + e.getMessage());
        }
    }

    /** Runs one command; returns the exit code. */
    public static int run(List<String> argv, PrintStream out, PrintStream err) {
        if (argv.isEmpty()) {
            err.print(HELP);
            return ExitCodes.INVALID_INPUT;
        }
        String command = argv.get(0);
        List<String> rest = argv.subList(1, argv.size());
        try {
            checkSchedulerProperty();
            return switch (command) {
                case "run" -> new RunCommand(out, err).execute(rest);
                case "validate" -> new ValidateCommand(out, err).execute(rest);
                case "blocks" -> new BlocksCommand(out).execute(rest);
                case "import" -> new ImportCommand(out, err).execute(rest);
                case "split" -> new SplitCommand(out).execute(rest);
                case "serve" -> new ServeCommand(out, err).execute(rest);
                case "bench" -> new BenchCommand(out, err).execute(rest);
                case "devices" -> new DevicesCommand(out, err).execute(rest);
                case "gui" -> {
                    // The engine jar has no JavaFX: the launcher script runs the designer module for 'gui'.
                    err.println("sigflow: the designer is started by the ./sigflow launcher ('./sigflow gui [FILE]'), "
                            + "not by the engine jar");
                    yield ExitCodes.INVALID_INPUT;
                }
                case "help", "--help", "-h" -> {
                    out.print(HELP);
                    yield ExitCodes.OK;
                }
                default -> throw new UsageException("unknown command '" + command + "' (see 'sigflow help')");
            };
        } catch (UsageException e) {
            err.println("sigflow: " + e.getMessage());
            return ExitCodes.INVALID_INPUT;
        } catch (InvalidGraphException e) {
            printProblems(err, e);
            return ExitCodes.INVALID_INPUT;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("sigflow: interrupted");
            return ExitCodes.RUNTIME_FAILURE;
        } catch (Exception | Error e) {
            err.println("sigflow: internal error: " + e + " (set SIGFLOW_DEBUG=1 for details)");
            if (System.getenv("SIGFLOW_DEBUG") != null) {
                e.printStackTrace(err);
            }
            return ExitCodes.RUNTIME_FAILURE;
        }
    }

    static void printProblems(PrintStream err, InvalidGraphException e) {
        err.println(e.source() + ": " + (e.problems().size() == 1 ? "1 problem" : e.problems().size() + " problems"));
        for (String p : e.problems()) {
            err.println("  " + p);
        }
    }
}
