package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * Integer host streams on a GPU ({@code @Tag("gpu")}): cs16 / cs8 / u8 pairs cross as they are, are widened to cf32
 * by a kernel, and (cs16, cs8) narrowed back by a kernel before the download; the values must be those of the CPU
 * path ({@link IntegerWire}), over several pages and a short last one.
 */
@Tag("gpu")
class GpuIntegerWireTest {
    private static final int N = 3 * 4096 + 1000; // elements: three full pages of 2048 complex samples and a short one

    @Test
    void cs16AndCs8CrossAsTheyAreAndComeBackExactly() throws Exception {
        Random r = new Random(3);
        short[] s = new short[N];
        byte[] b = new byte[N];
        for (int i = 0; i < N; i++) {
            s[i] = (short) r.nextInt(-32768, 32768);
            b[i] = (byte) r.nextInt(-128, 128);
        }
        assertArrayEquals(s, (short[]) roundTrip(Dtype.CS16, s, "cs16"));
        assertArrayEquals(b, (byte[]) roundTrip(Dtype.CS8, b, "cs8"));
    }

    @Test
    void u8PairsWidenToTheRtlSdrScale() throws Exception {
        byte[] u = new byte[N];
        for (int i = 0; i < N; i++) {
            u[i] = (byte) (i * 7);
        }
        float[] want = new float[N];
        IntegerWire.CU8.widen(u, 0, want, 0, N);
        float[] got = (float[]) roundTrip(Dtype.U8, u, "same");
        assertEquals(N, got.length);
        assertArrayEquals(want, got, 0f);
    }

    /** {@code source(host) → h2d(device cf32) → d2h(host) → sink}. */
    private static Object roundTrip(Dtype host, Object data, String hostOut) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(org.sigflow.cuda.Cuda.available(), "no CUDA device");
        PortSpec in = new PortSpec("out", host, 1);
        PortSpec dev = new PortSpec("out", Dtype.CF32, 1);
        Dtype outType = hostOut.equals("same") ? Dtype.CF32 : Dtype.fromId(hostOut);
        PortSpec out = new PortSpec("out", outType, 1);
        Block h2d = Setups.create("memory_h2d", "type", host.id(), "device_type", "cf32", "vlen", 1, "wire_format",
                "fp32", "page_items", 2048);
        Block d2h = Setups.create("memory_d2h", "type", "cf32", "host_type", hostOut, "vlen", 1, "wire_format", "fp32",
                "page_items", 2048);
        List<FlowNode> nodes = List.of(new FlowNode("src", "array", new Source(data), List.of(), List.of(in)),
                new FlowNode("h2d", "memory_h2d", h2d, List.of(in), List.of(dev)),
                new FlowNode("d2h", "memory_d2h", d2h, List.of(dev), List.of(out)),
                new FlowNode("sink", "vector_sink", Setups.create("vector_sink", "type", outType.id(), "vlen", 1),
                        List.of(out), List.of()));
        RunningGraph g = RunningGraph.start(nodes, List.of(new FlowEdge("src", 0, "h2d", 0),
                new FlowEdge("h2d", 0, "d2h", 0), new FlowEdge("d2h", 0, "sink", 0)), new RunOptions(4096));
        g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("graph did not end"));
        VectorSink.Collector sink = (VectorSink.Collector) g.block("sink");
        return switch (outType.storage()) {
            case FLOAT -> sink.floats();
            case SHORT -> sink.shorts();
            case BYTE -> sink.bytes();
            case INT -> sink.ints();
        };
    }

    /** Plays a short[] or byte[] once, in uneven chunks. */
    private static final class Source implements Block {
        private final Object data;
        private final int length;
        private int at;

        Source(Object data) {
            this.data = data;
            this.length = java.lang.reflect.Array.getLength(data);
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView o = io.out(0);
            int items = Math.min(Math.min(o.space(), 777), (length - at) / o.itemSize());
            if (items == 0) {
                return WorkResult.DONE;
            }
            int n = items * o.itemSize();
            System.arraycopy(data, at, data instanceof short[] ? o.shorts() : o.bytes(), o.offset(), n);
            at += n;
            io.produce(0, items);
            return WorkResult.CONTINUE;
        }
    }
}
