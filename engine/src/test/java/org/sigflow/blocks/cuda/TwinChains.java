package org.sigflow.blocks.cuda;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * Runs one block type two ways on the real scheduler and returns what reached the sink: its CPU block alone
 * ({@code sources → block → sink}), and its CUDA twin between memory nodes ({@code sources → h2d → <id>_cuda → d2h →
 * sink}, one h2d per input). On a GPU the second chain runs on the device; without one, on the CPU twin with
 * pass-through memory nodes.
 */
final class TwinChains {
    private TwinChains() {}

    /**
     * One block configuration: its CPU id, params, input ports and output port ({@code outputs} alike, the first
     * {@code connected} of them wired to sinks; the others are optional ports left unconnected).
     */
    record Case(String name, String cpuId, Map<String, Value> params, List<PortSpec> inputs, PortSpec output,
                int outputs, double tolerance, int connected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Case of(String name, String cpuId, List<PortSpec> inputs, PortSpec output, double tolerance,
                   Object... keyValues) {
        return new Case(name, cpuId, Setups.setup(cpuId, keyValues).params(), inputs, output, 1, tolerance, 1);
    }

    /** A block with {@code outputs} alike output ports; the results are the outputs' values one after another. */
    static Case withOutputs(int outputs, Case c) {
        return new Case(c.name(), c.cpuId(), c.params(), c.inputs(), c.output(), outputs, c.tolerance(), outputs);
    }

    /** A block with {@code outputs} alike output ports of which only the first is connected. */
    static Case firstOutputOnly(int outputs, Case c) {
        return new Case(c.name(), c.cpuId(), c.params(), c.inputs(), c.output(), outputs, c.tolerance(), 1);
    }

    static PortSpec cf32(int vlen) {
        return new PortSpec("p", Dtype.CF32, vlen);
    }

    static PortSpec f32(int vlen) {
        return new PortSpec("p", Dtype.F32, vlen);
    }

    /** What a chain produced. */
    record Result(float[] values, List<Tag> tags, RunOutcome outcome, List<BlockMetrics> metrics) {
        Map<String, Double> extra(String id) {
            return metrics.stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow().extra();
        }
    }

    /** Gaussian samples (σ = 0.3) for {@code items} items of {@code port}, seeded. */
    static float[] random(PortSpec port, int items, long seed) {
        Random r = new Random(seed);
        float[] x = new float[items * port.itemSize()];
        for (int i = 0; i < x.length; i++) {
            x[i] = switch (port.dtype()) {
                // integer streams: every value of the type, the extremes included, carried exactly in a float
                case S16 -> (float) (r.nextInt(65536) - 32768);
                case S8 -> (float) (r.nextInt(256) - 128);
                case U8 -> (float) r.nextInt(256);
                case S32 -> (float) r.nextInt(); // ArraySource scrambles the low bits (ints no float holds)
                default -> (float) (0.3 * r.nextGaussian());
            };
        }
        if (!port.dtype().isComplex() && port.dtype() != Dtype.F32 && port.dtype() != Dtype.S32 && x.length >= 2) {
            x[0] = port.dtype() == Dtype.S16 ? -32768 : port.dtype() == Dtype.S8 ? -128 : 0; // the extremes, surely
            x[1] = port.dtype() == Dtype.S16 ? 32767 : port.dtype() == Dtype.S8 ? 127 : 255;
        }
        return x;
    }

    static Result cpu(Case c, float[][] inputs, int tagEvery) throws Exception {
        List<FlowNode> nodes = new ArrayList<>();
        List<FlowEdge> edges = new ArrayList<>();
        for (int i = 0; i < inputs.length; i++) {
            nodes.add(source("src" + i, c.inputs().get(i), inputs[i], tagEvery));
            edges.add(new FlowEdge("src" + i, 0, "dut", i));
        }
        nodes.add(new FlowNode("dut", c.cpuId(), build(c.cpuId(), c), c.inputs(), outputs(c)));
        for (int k = 0; k < c.connected(); k++) {
            nodes.add(sink(sinkId(k), c.output()));
            edges.add(new FlowEdge("dut", k, sinkId(k), 0));
        }
        return run(nodes, edges, c.connected(), c.output().dtype());
    }

    static Result gpu(Case c, float[][] inputs, int tagEvery, long pageItems, String wireIn, String wireOut)
            throws Exception {
        List<FlowNode> nodes = new ArrayList<>();
        List<FlowEdge> edges = new ArrayList<>();
        String cudaId = c.cpuId() + "_cuda";
        for (int i = 0; i < inputs.length; i++) {
            PortSpec p = c.inputs().get(i);
            nodes.add(source("src" + i, p, inputs[i], tagEvery));
            nodes.add(new FlowNode("h2d" + i, "memory_h2d", memory("memory_h2d", p, wireIn, pageItems), List.of(p),
                    List.of(p)));
            edges.add(new FlowEdge("src" + i, 0, "h2d" + i, 0));
            edges.add(new FlowEdge("h2d" + i, 0, "dut", i));
        }
        nodes.add(new FlowNode("dut", cudaId, build(cudaId, c), c.inputs(), outputs(c)));
        for (int k = 0; k < c.connected(); k++) {
            String d2h = k == 0 ? "d2h" : "d2h" + k;
            nodes.add(new FlowNode(d2h, "memory_d2h", memory("memory_d2h", c.output(), wireOut, pageItems),
                    List.of(c.output()), List.of(c.output())));
            nodes.add(sink(sinkId(k), c.output()));
            edges.add(new FlowEdge("dut", k, d2h, 0));
            edges.add(new FlowEdge(d2h, 0, sinkId(k), 0));
        }
        return run(nodes, edges, c.connected(), c.output().dtype());
    }

    /** {@code src → h2d(wireIn) → d2h(wireOut) → sink}: a round trip through device memory. */
    static Result roundTrip(PortSpec p, float[] x, long pageItems, String wireIn, String wireOut) throws Exception {
        List<FlowNode> nodes = List.of(source("src0", p, x, 0),
                new FlowNode("h2d", "memory_h2d", memory("memory_h2d", p, wireIn, pageItems), List.of(p), List.of(p)),
                new FlowNode("d2h", "memory_d2h", memory("memory_d2h", p, wireOut, pageItems), List.of(p), List.of(p)),
                sink("sink", p));
        return run(nodes, List.of(new FlowEdge("src0", 0, "h2d", 0), new FlowEdge("h2d", 0, "d2h", 0),
                new FlowEdge("d2h", 0, "sink", 0)), 1, p.dtype());
    }

    private static Block build(String id, Case c) throws Exception {
        return Setups.factory(id).create(new BlockSetup("dut", id, c.params(), c.inputs(), outputs(c), Path.of(".")));
    }

    private static List<PortSpec> outputs(Case c) {
        return java.util.Collections.nCopies(c.outputs(), c.output());
    }

    private static String sinkId(int k) {
        return k == 0 ? "sink" : "sink" + k;
    }

    private static Block memory(String id, PortSpec p, String wire, long pageItems) throws Exception {
        return Setups.create(id, "type", p.dtype().id(), "vlen", p.vlen(), "wire_format", wire, "page_items",
                pageItems);
    }

    private static FlowNode source(String id, PortSpec p, float[] x, int tagEvery) {
        return new FlowNode(id, "array_source", new ArraySource(x, p, tagEvery), List.of(), List.of(p));
    }

    private static FlowNode sink(String id, PortSpec p) throws Exception {
        return new FlowNode(id, "vector_sink", Setups.create("vector_sink", "type", p.dtype().id(), "vlen",
                p.vlen()), List.of(p), List.of());
    }

    /** A sink's items as floats: integer types converted exactly (u8 unsigned). */
    private static float[] floats(VectorSink.Collector sink, Dtype type) {
        return switch (type.storage()) {
            case FLOAT -> sink.floats();
            case SHORT -> {
                short[] v = sink.shorts();
                float[] f = new float[v.length];
                for (int i = 0; i < v.length; i++) {
                    f[i] = v[i];
                }
                yield f;
            }
            case BYTE -> {
                byte[] v = sink.bytes();
                float[] f = new float[v.length];
                for (int i = 0; i < v.length; i++) {
                    f[i] = type == Dtype.S8 ? v[i] : v[i] & 0xff;
                }
                yield f;
            }
            case INT -> {
                int[] v = sink.ints();
                float[] f = new float[v.length];
                for (int i = 0; i < v.length; i++) {
                    f[i] = v[i];
                }
                yield f;
            }
        };
    }

    private static Result run(List<FlowNode> nodes, List<FlowEdge> edges, int sinks, Dtype sinkType)
            throws Exception {
        RunningGraph g = RunningGraph.start(nodes, edges, new RunOptions(32768));
        RunOutcome o = g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("graph did not end"));
        List<float[]> values = new ArrayList<>();
        List<Tag> tags = new ArrayList<>();
        for (int k = 0; k < sinks; k++) {
            VectorSink.Collector sink = (VectorSink.Collector) g.block(sinkId(k));
            values.add(floats(sink, sinkType));
            tags.addAll(sink.tags());
        }
        float[] all = new float[values.stream().mapToInt(v -> v.length).sum()];
        int at = 0;
        for (float[] v : values) {
            System.arraycopy(v, 0, all, at, v.length);
            at += v.length;
        }
        return new Result(all, tags, o, g.metrics());
    }

    /** ‖a − b‖ / ‖b‖ over the common length (lengths are checked by the caller). */
    static double relativeError(float[] a, float[] b) {
        double num = 0;
        double den = 0;
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            double d = (double) a[i] - b[i];
            num += d * d;
            den += (double) b[i] * b[i];
            if (Float.isNaN(a[i])) {
                return Double.NaN;
            }
        }
        return Math.sqrt(num / Math.max(den, 1e-300));
    }

    /** SNR in dB of {@code got} against {@code want}. */
    static double snrDb(float[] got, float[] want) {
        double e = relativeError(got, want);
        return -20 * Math.log10(e);
    }

    static Map<String, Value> params(Object... keyValues) {
        return new LinkedHashMap<>(Setups.setup("x", keyValues).params());
    }

    /** Emits a float array as items, with a tag every {@code tagEvery} items (none for 0). */
    static final class ArraySource implements Block {
        private final float[] x;
        private final int itemSize;
        private final Dtype type;
        private final int tagEvery;
        private int next;

        /** Float items of {@code itemSize} floats. */
        ArraySource(float[] x, int itemSize, int tagEvery) {
            this(x, itemSize, Dtype.F32, tagEvery);
        }

        /** Items of the port's type; integer types take the (integral) floats of {@code x} exactly. */
        ArraySource(float[] x, PortSpec port, int tagEvery) {
            this(x, port.itemSize(), port.dtype(), tagEvery);
        }

        private ArraySource(float[] x, int itemSize, Dtype type, int tagEvery) {
            this.x = x;
            this.itemSize = itemSize;
            this.type = type;
            this.tagEvery = tagEvery;
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView out = io.out(0);
            int items = x.length / itemSize;
            int n = Math.min(out.space(), items - next);
            int from = next * itemSize;
            switch (type.storage()) {
                case FLOAT -> System.arraycopy(x, from, out.floats(), out.offset(), n * itemSize);
                case SHORT -> {
                    short[] y = out.shorts();
                    for (int i = 0; i < n * itemSize; i++) {
                        y[out.offset() + i] = (short) x[from + i];
                    }
                }
                case BYTE -> {
                    byte[] y = out.bytes();
                    for (int i = 0; i < n * itemSize; i++) {
                        y[out.offset() + i] = (byte) (int) x[from + i];
                    }
                }
                case INT -> {
                    int[] y = out.ints();
                    for (int i = 0; i < n * itemSize; i++) {
                        y[out.offset() + i] = int32(x[from + i], from + i);
                    }
                }
            }
            if (tagEvery > 0) {
                for (long t = (next + tagEvery - 1L) / tagEvery * tagEvery; t < next + n; t += tagEvery) {
                    out.addTag(t, "mark", t);
                }
            }
            io.produce(0, n);
            next += n;
            return next >= items ? WorkResult.DONE : WorkResult.CONTINUE;
        }

        /**
         * An int32 element: the float's integer with its low 7 bits flipped by a function of the index, so most
         * values of a full-range stream are ints that no float holds (int → float rounding is exercised).
         */
        static int int32(float x, int index) {
            return (int) x ^ ((index * 0x9E3779B1) >>> 25);
        }
    }
}
