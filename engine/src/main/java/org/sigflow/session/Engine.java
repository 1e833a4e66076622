package org.sigflow.session;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.expr.ExpressionException;
import org.sigflow.expr.Expressions;
import org.sigflow.expr.Value;
import org.sigflow.format.FormatProblem;
import org.sigflow.format.GraphFormatException;
import org.sigflow.format.GraphReader;
import org.sigflow.format.LoadedGraph;
import org.sigflow.graph.Graph;
import org.sigflow.grc.GrcFormatException;
import org.sigflow.grc.GrcImporter;
import org.sigflow.grc.ImportReport;
import org.sigflow.grc.ImportResult;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockRegistry;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.MessageEdge;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.validate.GraphValidator;
import org.sigflow.validate.ParamValueException;
import org.sigflow.validate.Problem;
import org.sigflow.validate.Severity;
import org.sigflow.validate.ResolvedBlock;
import org.sigflow.validate.ResolvedEdge;
import org.sigflow.validate.ResolvedGraph;
import org.sigflow.validate.ResolvedPort;
import org.sigflow.validate.ValidationResult;

/**
 * The engine as the CLI and the designer use it: open a {@code .graph} file (read, migrate, validate), then start
 * it on the CPU runtime. Holds the catalog and the block implementations, loaded once.
 */
public final class Engine {
    private final Catalog catalog;
    private final BlockRegistry registry;
    private GrcImporter grcImporter;
    private volatile org.sigflow.hier.HierLibrary hierLibrary = org.sigflow.hier.HierLibrary.user();
    /** Each running graph's variables, as its blocks and every caller of {@link #changeVariable} change them. */
    private final Map<RunningGraph, LiveVariables> liveVariables = java.util.Collections.synchronizedMap(
            new java.util.WeakHashMap<>());

    public Engine(Catalog catalog, BlockRegistry registry) {
        this.catalog = catalog;
        this.registry = registry;
    }

    /** The catalog shipped in the block-catalog module and every implementation on the class path. */
    public static Engine loadDefault() throws Exception {
        return new Engine(CatalogLoader.loadDefault(), BlockRegistry.load());
    }

    /** The GRC importer over this engine's catalog (its mappings are loaded on first use). */
    public synchronized GrcImporter grcImporter() {
        if (grcImporter == null) {
            grcImporter = new GrcImporter(catalog);
            grcImporter.setHierLibrary(hierLibrary);
        }
        return grcImporter;
    }

    /** Where hier block files are looked for (besides the folder of the graph that uses one). */
    public org.sigflow.hier.HierLibrary hierLibrary() {
        return hierLibrary;
    }

    public void setHierLibrary(org.sigflow.hier.HierLibrary library) {
        this.hierLibrary = java.util.Objects.requireNonNull(library, "library");
        synchronized (this) {
            if (grcImporter != null) {
                grcImporter.setHierLibrary(library);
            }
        }
    }

    public Catalog catalog() {
        return catalog;
    }

    public BlockRegistry registry() {
        return registry;
    }

    /**
     * Reads and validates a graph file; a GNU Radio Companion {@code .grc} file is imported in memory first
     * ({@link GrcImporter}), and what the import could not translate is listed among the warnings.
     *
     * @param overrides variable values given on the command line ({@code name → expression}, evaluated without
     *                  variables)
     * @throws InvalidGraphException with every problem found, each located
     */
    public OpenedGraph open(Path file, Map<String, String> overrides) throws InvalidGraphException {
        String source = file.toString();
        if (!Files.exists(file)) {
            throw new InvalidGraphException(source, List.of("file not found"));
        }
        List<String> warnings = new ArrayList<>();
        List<String> importNotes = new ArrayList<>();
        Graph graph;
        org.sigflow.hier.HierLibrary library = hierLibrary;
        if (GrcImporter.isGrcFile(file)) {
            ImportResult imported;
            try {
                imported = grcImporter().importFile(file);
            } catch (GrcFormatException e) {
                throw new InvalidGraphException(source, List.of(e.detail()));
            }
            ImportReport report = imported.report();
            warnings.add("imported from GNU Radio Companion in memory (" + (report.complete() ? "complete"
                    : report.attention().size() + " item(s) need attention") + "); 'sigflow import' saves it as a "
                    + ".graph file");
            report.attention().forEach(i -> importNotes.add("GRC import: " + i.subject() + ": " + i.message()));
            warnings.addAll(importNotes);
            graph = imported.graph();
            library = library.withBlocks(imported.hierBlocks()); // the GRC hier blocks it uses, imported with it
        } else {
            LoadedGraph loaded;
            try {
                loaded = new GraphReader().read(file);
            } catch (GraphFormatException e) {
                throw new InvalidGraphException(source, e.problems().stream().map(FormatProblem::toString).toList());
            }
            loaded.warnings().forEach(w -> warnings.add(w.toString()));
            graph = loaded.graph();
        }
        return validated(graph, file, overrides, warnings, importNotes, library);
    }

    /**
     * Validates a graph that is already in memory (one part of a split graph) as if it had been read from
     * {@code file}: relative paths resolve against the file's folder, problems name the file.
     */
    public OpenedGraph open(Graph graph, Path file, Map<String, String> overrides) throws InvalidGraphException {
        return validated(graph, file, overrides, new ArrayList<>(), List.of(), hierLibrary);
    }

    private OpenedGraph validated(Graph graph, Path file, Map<String, String> overrides, List<String> warnings,
                                  List<String> importNotes, org.sigflow.hier.HierLibrary library)
            throws InvalidGraphException {
        String source = file.toString();
        Map<String, Value> values = evaluateOverrides(source, overrides);
        try { // hier blocks are replaced by what they hold (checked as drawn first)
            org.sigflow.hier.HierGraphs.Prepared prepared = org.sigflow.hier.HierGraphs.prepare(graph,
                    file.toAbsolutePath().getParent(), catalog, library, values);
            graph = prepared.graph();
            if (!prepared.notes().isEmpty()) {
                importNotes = new ArrayList<>(importNotes);
                importNotes.addAll(prepared.notes()); // shown with the errors: where unknown types were looked for
            }
        } catch (org.sigflow.hier.HierException e) {
            // the graph's other problems too (an unknown type is already named, with the folders searched)
            List<String> all = new ArrayList<>(e.problems());
            GraphValidator.validate(graph, catalog, values).errors().stream().map(Problem::toString)
                    .filter(p -> !p.contains("unknown block type")).forEach(all::add);
            throw new InvalidGraphException(source, all);
        }
        ValidationResult result = GraphValidator.validate(graph, catalog, values);
        List<String> errors = new ArrayList<>();
        for (Problem p : result.problems()) {
            (p.severity() == Severity.ERROR ? errors : warnings).add(p.toString());
        }
        if (!errors.isEmpty() || result.resolved() == null) {
            List<String> all = new ArrayList<>(errors.isEmpty() ? List.of("the graph is not valid") : errors);
            all.addAll(importNotes);            // often the reason: what the GRC import could not translate
            throw new InvalidGraphException(source, all);
        }
        Path dir = file.toAbsolutePath().getParent();
        return new OpenedGraph(file, dir, graph, result.resolved(), warnings);
    }

    private static Map<String, Value> evaluateOverrides(String source, Map<String, String> overrides)
            throws InvalidGraphException {
        Map<String, Value> values = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        overrides.forEach((name, text) -> {
            try {
                values.put(name, Expressions.evaluate(text, Map.of()));
            } catch (ExpressionException e) {
                errors.add("--set " + name + "=" + org.sigflow.expr.Excerpt.of(text) + ": " + e.getMessage());
            }
        });
        if (!errors.isEmpty()) {
            throw new InvalidGraphException(source, errors);
        }
        return values;
    }

    /**
     * The one line to show before running a graph with CUDA blocks or memory nodes: the device they run on, or why
     * there is none and that they run on the CPU. Empty for a graph without any (probes the driver only then).
     */
    public static java.util.Optional<String> cudaNotice(OpenedGraph opened) {
        boolean usesCuda = false;
        for (ResolvedBlock b : opened.resolved().blocks()) {
            usesCuda |= b.def().domain() == org.sigflow.catalog.Domain.CUDA
                    || b.inputs().stream().anyMatch(p -> p.domain() == org.sigflow.catalog.Domain.CUDA)
                    || b.outputs().stream().anyMatch(p -> p.domain() == org.sigflow.catalog.Domain.CUDA);
        }
        if (!usesCuda) {
            return java.util.Optional.empty();
        }
        org.sigflow.cuda.CudaStatus s = org.sigflow.cuda.Cuda.status();
        return java.util.Optional.of(s.available() ? "CUDA blocks run on " + s.device() : s.fallbackNotice());
    }

    /**
     * Builds every block and starts the graph on the CPU runtime.
     *
     * @throws InvalidGraphException if a block has no implementation or refuses its parameters, or a block's thread
     *                               cannot be started (nothing is left running)
     */
    public RunningGraph start(OpenedGraph opened, RunOptions options) throws InvalidGraphException {
        Built built = build(opened);
        LiveVariables variables = new LiveVariables(opened); // what blocks that read or set variables share
        built.nodes().forEach(n -> n.block().bindVariables(variables));
        try {
            org.sigflow.blocks.cuda.CudaFusion.apply(built.nodes(), built.edges()); // element-wise CUDA chains
            org.sigflow.blocks.memory.DownloadGroups.apply(built.nodes(), built.edges()); // a block's many downloads
            RunningGraph run = RunningGraph.start(built.nodes(), built.edges(), built.messageEdges(), options);
            variables.attach(run);
            liveVariables.put(run, variables);
            return run;
        } catch (IllegalArgumentException | org.sigflow.runtime.GraphStartException e) { // nothing left running
            variables.abandon(e);
            throw new InvalidGraphException(opened.file().toString(), List.of(e.getMessage()));
        }
    }

    /**
     * Everything about a graph that can be known without running it, as {@code run} would find it at start: every
     * block is built from its parameters (so sizes it cannot serve, filter designs too long, missing input files and
     * output folders are reported with the block's reason) and the rings are sized (so a connection that would need
     * more memory than allowed is named). Nothing is started, no file is opened for writing.
     *
     * @throws InvalidGraphException with every problem found
     */
    public void check(OpenedGraph opened) throws InvalidGraphException {
        Built built = build(opened);
        try {
            RunningGraph.check(built.nodes(), built.edges(), RunOptions.DEFAULT);
        } catch (IllegalArgumentException e) {
            throw new InvalidGraphException(opened.file().toString(), List.of(e.getMessage()));
        }
    }

    private record Built(List<FlowNode> nodes, List<FlowEdge> edges, List<MessageEdge> messageEdges) {}

    private Built build(OpenedGraph opened) throws InvalidGraphException {
        ResolvedGraph g = opened.resolved();
        List<String> errors = new ArrayList<>();
        Map<String, int[]> inputIndex = connectedInputs(g);
        List<FlowNode> nodes = new ArrayList<>();
        for (ResolvedBlock b : g.blocks()) {
            int[] index = inputIndex.get(b.id());
            List<PortSpec> ins = new ArrayList<>();
            for (int i = 0; i < b.inputs().size(); i++) {
                if (index[i] >= 0) {
                    ins.add(b.inputs().get(i).toSpec());
                }
            }
            List<String> tooBig = org.sigflow.validate.SizeLimits.problems(b);
            if (!tooBig.isEmpty()) {
                tooBig.forEach(m -> errors.add("block '" + b.id() + "' (" + b.def().id() + "): " + m));
                continue;
            }
            List<PortSpec> outs = b.outputs().stream().map(ResolvedPort::toSpec).toList();
            BlockFactory f = registry.find(b.def().id()).orElse(null);
            if (f == null) {
                errors.add("block '" + b.id() + "': no implementation of block type '" + b.def().id() + "' is installed");
                continue;
            }
            try {
                BlockSetup setup = new BlockSetup(b.id(), b.def().id(), b.params(), ins, outs, opened.baseDir());
                nodes.add(new FlowNode(b.id(), b.def().id(), f.create(setup), ins, outs));
            } catch (Exception e) {
                errors.add("block '" + b.id() + "' (" + b.def().id() + "): " + userMessage(e));
            } catch (OutOfMemoryError e) {
                // a last guard: sizes should be refused by the block with its limit before it allocates
                errors.add("block '" + b.id() + "' (" + b.def().id() + "): its parameters need more memory than "
                        + "this process has (" + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB)");
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidGraphException(opened.file().toString(), errors);
        }
        List<FlowEdge> edges = new ArrayList<>();
        for (ResolvedEdge e : g.edges()) {
            edges.add(new FlowEdge(e.fromBlock(), e.fromPort(), e.toBlock(), inputIndex.get(e.toBlock())[e.toPort()]));
        }
        List<MessageEdge> messages = g.messageEdges().stream()
                .map(m -> new MessageEdge(m.fromBlock(), m.fromPort(), m.toBlock(), m.toPort())).toList();
        return new Built(nodes, edges, messages);
    }

    /**
     * Changes a parameter of a running block from an expression (evaluated with the graph's variables, checked
     * against the catalog's type, range, options and the block's asserts), applied on the block's own thread between
     * two work calls. The future fails with a user message if the value is refused; the old value then stays.
     */
    public CompletableFuture<Void> changeParam(OpenedGraph opened, RunningGraph run, String blockId, String paramId,
                                               String expressionText) {
        Value value;
        try {
            value = GraphValidator.evaluateParam(opened.resolved(), blockId, paramId, expressionText);
        } catch (ParamValueException e) {
            return CompletableFuture.failedFuture(e);
        }
        return run.setParam(blockId, paramId, value);
    }

    /**
     * Changes a graph variable while the graph runs: every dependent variable and block parameter is re-evaluated;
     * the change is refused as a whole (nothing applied) if a dependent parameter is invalid or not changeable while
     * running.
     *
     * @return the graph with the new variable, for later changes and for saving
     */
    public OpenedGraph changeVariable(OpenedGraph opened, RunningGraph run, String name, String expressionText)
            throws InvalidGraphException, InterruptedException {
        LiveVariables shared = liveVariables.get(run);
        return shared == null ? VariableChange.apply(opened, run, name, expressionText)
                : shared.change(name, expressionText); // in turn with the blocks that set variables
    }

    /**
     * The running graph's variables as its blocks see and change them (an XML-RPC server, a message pair); empty for
     * a graph this engine did not start.
     */
    public java.util.Optional<org.sigflow.runtime.GraphVariables> variables(RunningGraph run) {
        return java.util.Optional.ofNullable(liveVariables.get(run));
    }

    /** Maps each input port to its index among the block's connected inputs (-1 for an unconnected optional one). */
    private static Map<String, int[]> connectedInputs(ResolvedGraph g) {
        Map<String, boolean[]> connected = new HashMap<>();
        for (ResolvedBlock b : g.blocks()) {
            connected.put(b.id(), new boolean[b.inputs().size()]);
        }
        for (ResolvedEdge e : g.edges()) {
            connected.get(e.toBlock())[e.toPort()] = true;
        }
        Map<String, int[]> index = new HashMap<>();
        connected.forEach((id, c) -> {
            int[] ix = new int[c.length];
            int k = 0;
            for (int i = 0; i < c.length; i++) {
                ix[i] = c[i] ? k++ : -1;
            }
            index.put(id, ix);
        });
        return index;
    }

    static String userMessage(Throwable e) {
        if (e instanceof NegativeArraySizeException || e instanceof ArithmeticException
                || e instanceof IndexOutOfBoundsException) {
            return "its parameters give sizes it cannot handle (" + e.getClass().getSimpleName() + ")";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
