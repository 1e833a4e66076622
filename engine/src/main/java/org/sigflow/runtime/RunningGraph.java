package org.sigflow.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.sigflow.expr.Value;
import org.sigflow.runtime.buffer.Reader;
import org.sigflow.runtime.buffer.RingArena;
import org.sigflow.runtime.buffer.StreamBuffer;

/**
 * A graph running on the CPU runtime: one runner per block (scheduled by {@link Scheduling}), ring buffers on every
 * edge. The handle the CLI and the
 * designer hold: stop it, wait for it, read its metrics, change runtime parameters.
 */
public final class RunningGraph implements LiveRun, AutoCloseable {
    private final Map<String, BlockRunner> runners;
    private final RunControl control;

    private RunningGraph(Map<String, BlockRunner> runners, RunControl control) {
        this.runners = runners;
        this.control = control;
    }

    /**
     * Wires buffers for the edges and starts every block on its own thread.
     *
     * @throws IllegalArgumentException if an input is unconnected or fed twice, or an edge names an unknown node
     */
    public static RunningGraph start(List<FlowNode> nodes, List<FlowEdge> edges, RunOptions options) {
        return start(nodes, edges, List.of(), options);
    }

    /**
     * Like {@link #start(List, List, RunOptions)}, with asynchronous message edges between the blocks' message ports
     * (delivered on the receiving block's thread; see {@link MessagePorts}).
     */
    public static RunningGraph start(List<FlowNode> nodes, List<FlowEdge> edges, List<MessageEdge> messageEdges,
                                     RunOptions options) {
        return start(nodes, edges, messageEdges, options, new RingArena());
    }

    /**
     * Starts the graph with its rings in {@code rings} (a test passes its own to see them freed). On any failure to
     * start, nothing is left behind: the runner threads already started are stopped and joined before the rings are
     * freed.
     *
     * @throws GraphStartException if a block's thread could not be started
     */
    static RunningGraph start(List<FlowNode> nodes, List<FlowEdge> edges, List<MessageEdge> messageEdges,
                              RunOptions options, RingArena rings) {
        boolean started = false;
        try {
            RunningGraph g = wireAndStart(nodes, edges, messageEdges, options, rings);
            started = true;
            return g; // the rings are freed once every block has stopped (memory nodes unpin in stop())
        } finally {
            if (!started) {
                rings.free(); // refused before any block ran, or every started runner has ended (see startThreads)
            }
        }
    }

    private static RunningGraph wireAndStart(List<FlowNode> nodes, List<FlowEdge> edges,
                                             List<MessageEdge> messageEdges, RunOptions options, RingArena rings) {
        Map<String, FlowNode> byId = new LinkedHashMap<>();
        for (FlowNode n : nodes) {
            if (byId.put(n.id(), n) != null) {
                throw new IllegalArgumentException("duplicate node '" + n.id() + "'");
            }
        }
        Map<String, Reader[]> readers = new HashMap<>();
        Map<String, StreamBuffer[]> buffers = new HashMap<>();
        int hostOutputs = 0;
        for (FlowNode n : nodes) {
            readers.put(n.id(), new Reader[n.inputs().size()]);
            buffers.put(n.id(), new StreamBuffer[n.outputs().size()]);
            hostOutputs += n.outputs().size();
        }
        options = RingPlan.scaled(options, hostOutputs);
        Map<String, List<FlowEdge>> outgoing = outgoingIndex(edges);
        for (FlowNode n : nodes) {
            for (int o = 0; o < n.outputs().size(); o++) {
                PortSpec spec = n.outputs().get(o);
                List<FlowEdge> out = outgoing(outgoing, n.id(), o);
                if (n.block().outputOnDevice(o)) {
                    StreamBuffer b = deviceEdge(byId, n, o, spec, out);
                    buffers.get(n.id())[o] = b;
                    if (!out.isEmpty()) {
                        FlowEdge e = out.getFirst();
                        readers.get(e.to())[e.toPort()] = b.attach(1, 1);
                    }
                    continue;
                }
                RingPlan plan = RingPlan.of(byId, n, o, spec, out, options);
                StreamBuffer b = new StreamBuffer(spec.dtype(), spec.itemSize(),
                        StreamBuffer.capacityFor(plan.mirror(), plan.chunk()), plan.maxHistory(), plan.mirror(),
                        plan.chunk(), plan.offHeap() ? rings.allocator(n.block().ringSlot(o)) : null);
                buffers.get(n.id())[o] = b;
                for (FlowEdge e : out) {
                    Reader[] rs = readers.get(e.to());
                    if (rs[e.toPort()] != null) {
                        throw new IllegalArgumentException("input " + e.toPort() + " of '" + e.to() + "' is fed twice");
                    }
                    Block reader = byId.get(e.to()).block();
                    rs[e.toPort()] = b.attach(reader.history(), reader.inputMultiple());
                }
            }
        }
        for (FlowNode n : nodes) {
            Reader[] rs = readers.get(n.id());
            for (int i = 0; i < rs.length; i++) {
                if (rs[i] == null) {
                    throw new IllegalArgumentException("input " + i + " of '" + n.id() + "' is not connected");
                }
            }
        }
        RunControl control = new RunControl(nodes.size(),
                (int) nodes.stream().filter(n -> !n.block().background()).count());
        control.afterLastRunner(rings::free);
        Map<String, BlockRunner> runners = new LinkedHashMap<>();
        for (FlowNode n : nodes) {
            runners.put(n.id(), new BlockRunner(n, readers.get(n.id()), buffers.get(n.id()), control));
        }
        wireWakeups(nodes, outgoing, runners, buffers);
        for (MessageEdge m : messageEdges) {
            BlockRunner from = runners.get(m.from());
            BlockRunner to = runners.get(m.to());
            if (from == null || to == null) {
                throw new IllegalArgumentException("message edge " + m + " names unknown node '"
                        + (from == null ? m.from() : m.to()) + "'");
            }
            from.connectMessages(m.fromPort(), to, m.toPort());
        }
        for (BlockRunner r : runners.values()) {
            r.node().block().bindMessages(r.messagePorts());
        }
        control.wakeAllWith(() -> runners.values().forEach(BlockRunner::wake));
        startThreads(runners.values(), options.scheduling(), control);
        return new RunningGraph(Collections.unmodifiableMap(runners), control);
    }

    /** How long a failed start waits for the runners it had started (they end at once: no block has started). */
    static final long ABORT_JOIN_MILLIS = 60_000;

    /**
     * Starts one thread per runner; they pass the gate together once the last exists. If one cannot be made or
     * started, the start is aborted: the runners already started end without starting their blocks (so no block
     * has anything to stop or unpin) and are joined, so the caller can free the rings.
     */
    private static void startThreads(java.util.Collection<BlockRunner> runners, Scheduling scheduling,
                                     RunControl control) {
        List<Thread> started = new ArrayList<>(runners.size());
        SourceCpu sourceCpu = SourceCpu.configured(); // -Dsigflow.sourceCpu: sources pinned (default off)
        try {
            for (BlockRunner r : runners) {
                try {
                    r.cpu = sourceCpu.next(r.node());
                    Thread t = scheduling.threadFor(r);
                    r.thread = t;
                    t.start();
                    started.add(t);
                } catch (RuntimeException | Error e) {
                    throw abort(r, e, started, runners.size(), control);
                }
            }
        } finally {
            control.openGate(); // all start together, once the last thread exists
        }
    }

    /** Lets the started runners end without starting their blocks, joins them, and says what failed. */
    private static GraphStartException abort(BlockRunner failed, Throwable why, List<Thread> started, int all,
                                             RunControl control) {
        control.abortStart();
        control.openGate();
        String ended = joinAll(started, ABORT_JOIN_MILLIS) ? "they were stopped and the rings freed"
                : "not all of them ended within " + ABORT_JOIN_MILLIS / 1000 + " s; the rings are freed anyway";
        FlowNode n = failed.node();
        return new GraphStartException("the graph could not start: the thread of block '" + n.id() + "' ("
                + n.type() + ") failed: " + BlockFailure.of(n, why).message() + " (" + started.size() + " of " + all
                + " threads had started; " + ended + ")", why);
    }

    /** Joins every thread within one deadline; false if one is still alive then (or the wait was interrupted). */
    private static boolean joinAll(List<Thread> threads, long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        try {
            for (Thread t : threads) {
                long left = end - System.nanoTime();
                if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                    return false;
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Checks what {@link #start} would check (connections, dtypes, ring sizes against {@link RingPlan}'s limit)
     * without allocating or starting anything: {@code validate} uses it.
     *
     * @throws IllegalArgumentException with the first problem, naming the block
     */
    public static void check(List<FlowNode> nodes, List<FlowEdge> edges, RunOptions options) {
        Map<String, FlowNode> byId = new LinkedHashMap<>();
        for (FlowNode n : nodes) {
            byId.put(n.id(), n);
        }
        Map<String, List<FlowEdge>> outgoing = outgoingIndex(edges);
        for (FlowNode n : nodes) {
            for (int o = 0; o < n.outputs().size(); o++) {
                List<FlowEdge> out = outgoing(outgoing, n.id(), o);
                if (n.block().outputOnDevice(o)) {
                    deviceEdge(byId, n, o, n.outputs().get(o), out);
                } else {
                    RingPlan.of(byId, n, o, n.outputs().get(o), out, options);
                }
            }
        }
    }

    /**
     * A CUDA edge: a sample-less ring that counts items, carries tags and end-of-stream (the device pages travel in
     * the writer's attachment). Back-pressure comes from the page ring, so the count never limits the writer.
     */
    private static StreamBuffer deviceEdge(Map<String, FlowNode> byId, FlowNode n, int o, PortSpec spec,
                                           List<FlowEdge> out) {
        if (out.isEmpty() && n.block().deviceOutputOptional(o)) {
            return StreamBuffer.tokens(spec.dtype(), DEVICE_EDGE_ITEMS, DEVICE_EDGE_ITEMS / 2); // no reader, no pages
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("GPU output " + o + " of '" + n.id() + "' is not connected");
        }
        if (out.size() > 1) {
            throw new IllegalArgumentException("GPU output " + o + " of '" + n.id() + "' feeds " + out.size()
                    + " inputs; a GPU output can feed one input for now (give each branch its own memory node)");
        }
        FlowEdge e = out.getFirst();
        FlowNode to = node(byId, e.to(), e);
        checkTypes(n, spec, to, e);
        if (!to.block().inputOnDevice(e.toPort())) {
            throw new IllegalArgumentException("edge " + e + ": '" + n.id() + "' writes GPU memory but '" + to.id()
                    + "' reads host samples: put a Memory GPGPU→CPU block between them");
        }
        return StreamBuffer.tokens(spec.dtype(), DEVICE_EDGE_ITEMS, DEVICE_EDGE_ITEMS / 2);
    }

    /** Item count limit of a CUDA edge's token ring: far above any page ring (pages hold at most 2^26 items). */
    private static final int DEVICE_EDGE_ITEMS = 1 << 30;

    /**
     * The edges leaving each output, keyed by {@link #outputKey}, in the edges' order: built once, so wiring a graph
     * of thousands of blocks is linear (a scan of every edge per output took most of a 2,000-block start).
     */
    private static Map<String, List<FlowEdge>> outgoingIndex(List<FlowEdge> edges) {
        Map<String, List<FlowEdge>> index = new HashMap<>();
        for (FlowEdge e : edges) {
            index.computeIfAbsent(outputKey(e.from(), e.fromPort()), k -> new ArrayList<>(1)).add(e);
        }
        return index;
    }

    private static List<FlowEdge> outgoing(Map<String, List<FlowEdge>> index, String id, int port) {
        return index.getOrDefault(outputKey(id, port), List.of());
    }

    private static String outputKey(String id, int port) {
        return port + ":" + id;
    }

    static FlowNode node(Map<String, FlowNode> byId, String id, FlowEdge e) {
        FlowNode n = byId.get(id);
        if (n == null) {
            throw new IllegalArgumentException("edge " + e + " names unknown node '" + id + "'");
        }
        return n;
    }

    static void checkTypes(FlowNode from, PortSpec spec, FlowNode to, FlowEdge e) {
        if (e.toPort() < 0 || e.toPort() >= to.inputs().size()) {
            throw new IllegalArgumentException("edge " + e + ": '" + to.id() + "' has no input " + e.toPort());
        }
        PortSpec in = to.inputs().get(e.toPort());
        if (in.dtype() != spec.dtype() || in.vlen() != spec.vlen()) {
            throw new IllegalArgumentException("edge " + e + ": " + spec.dtype() + "×" + spec.vlen() + " output of '"
                    + from.id() + "' cannot feed " + in.dtype() + "×" + in.vlen() + " input of '" + to.id() + "'");
        }
    }

    /** A write wakes the buffer's readers; a read wakes its writer. */
    private static void wireWakeups(List<FlowNode> nodes, Map<String, List<FlowEdge>> outgoing,
                                    Map<String, BlockRunner> runners, Map<String, StreamBuffer[]> buffers) {
        for (FlowNode n : nodes) {
            StreamBuffer[] bs = buffers.get(n.id());
            for (int o = 0; o < bs.length; o++) {
                List<BlockRunner> downstream = new ArrayList<>();
                for (FlowEdge e : outgoing(outgoing, n.id(), o)) {
                    downstream.add(runners.get(e.to()));
                }
                BlockRunner writer = runners.get(n.id());
                BlockRunner[] down = downstream.toArray(BlockRunner[]::new);
                bs[o].onActivity(() -> {
                    for (BlockRunner r : down) {
                        r.wake();
                    }
                }, writer::wake);
            }
        }
    }

    /** Asks every block to stop; returns at once ({@link #await()} waits). Safe to call more than once. */
    @Override
    public void stop() {
        control.requestStop();
    }

    @Override
    public boolean isRunning() {
        return control.latch().getCount() > 0;
    }

    /** Waits until every block has finished. */
    @Override
    public RunOutcome await() throws InterruptedException {
        control.latch().await();
        return outcome();
    }

    /** Waits at most {@code timeout}; empty if still running. */
    @Override
    public Optional<RunOutcome> await(Duration timeout) throws InterruptedException {
        if (!control.latch().await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            return Optional.empty();
        }
        return Optional.of(outcome());
    }

    private RunOutcome outcome() {
        BlockFailure f = control.failure();
        double s = control.elapsedSeconds();
        if (f != null) {
            return new RunOutcome(RunOutcome.Kind.FAILED, f, s);
        }
        return new RunOutcome(control.stopRequested() ? RunOutcome.Kind.STOPPED : RunOutcome.Kind.COMPLETED, null, s);
    }

    /** Seconds from the first stop request or block failure until every block had finished; NaN if none yet. */
    public double stopSeconds() {
        return control.stopSeconds();
    }

    /** Seconds since start (until the end, once finished). */
    @Override
    public double elapsedSeconds() {
        return control.elapsedSeconds();
    }

    /** A snapshot of every block's counters, in graph order. Cheap; safe from any thread. */
    @Override
    public List<BlockMetrics> metrics() {
        double elapsed = control.elapsedSeconds();
        long total = 0;
        for (BlockRunner r : runners.values()) {
            total += r.workNanos();
        }
        List<BlockMetrics> out = new ArrayList<>(runners.size());
        for (BlockRunner r : runners.values()) {
            out.add(r.metrics(elapsed, total));
        }
        return out;
    }

    /**
     * Changes a parameter of a running block, applied on the block's own thread between two work calls. The future
     * fails with the block's message if the value is refused (the old value stays) or the block has finished.
     */
    public CompletableFuture<Void> setParam(String blockId, String paramId, Value value) {
        BlockRunner r = runners.get(blockId);
        if (r == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("no running block '" + blockId + "'"));
        }
        return r.requestParam(paramId, value);
    }

    /** The implementation of a running block (e.g. a vector sink to read results from). */
    public Block block(String id) {
        BlockRunner r = runners.get(id);
        if (r == null) {
            throw new IllegalArgumentException("no running block '" + id + "'");
        }
        return r.node().block();
    }

    @Override
    public org.sigflow.display.FrameChannel displayFrames(String blockId) {
        return block(blockId) instanceof org.sigflow.display.DisplaySink s ? s.frames() : null;
    }

    @Override
    public void close() throws InterruptedException {
        stop();
        control.latch().await(5, TimeUnit.SECONDS);
    }
}
