package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.cuda.Cuda;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;

/**
 * Host-packed narrow wires on a GPU ({@code @Tag("gpu")}): {@code memory_h2d} packs fp16/int16/int8 straight from an
 * off-heap ring into the pinned staging pages, piece by piece with each piece's copy queued at once, and
 * {@code memory_d2h} unpacks into an off-heap ring. The round trip must give exactly the items of the heap-ring path
 * ({@code -Dsigflow.memory.packOffHeap=false}, whole-page copies), and {@code memory_d2h}'s download in pieces (a
 * page of 1.2 Mi floats crosses in two) exactly the items of whole-page downloads
 * ({@code -Dsigflow.memory.unpackPipelined=false}), and the format's expected SNR on a tone (the
 * formula of GpuTwinTest: fp16 ≈ 74 dB, int16 ≈ 92 dB, int8 ≈ 44 dB at 0.125 power per float, within 4 dB).
 */
@Tag("gpu")
class GpuPackedWireTest {
    /** Pages of 600,000 items (1.2 Mi floats: more than a packing piece), laps of the ring, a short last page. */
    private static final int N = 1_500_007;

    @Test
    void narrowWiresFromOffHeapRingsGiveTheHeapPathsItemsAndSnr() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        float[] x = new float[2 * N];
        for (int i = 0; i < N; i++) {
            x[2 * i] = (float) (0.5 * Math.cos(0.01 * i + 0.3));
            x[2 * i + 1] = (float) (0.5 * Math.sin(0.01 * i + 0.3));
        }
        for (String wire : List.of("fp16", "int16", "int8")) {
            double expected = switch (wire) {
                case "fp16" -> 10 * Math.log10(24 * Math.pow(2, 20));
                case "int16" -> 10 * Math.log10(0.125 / (Math.pow(1.0 / 32767, 2) / 12));
                default -> 10 * Math.log10(0.125 / (Math.pow(1.0 / 127, 2) / 12));
            };
            RingEnds.Source src = new RingEnds.Source(x, 250_001);
            RingEnds.Sink sink = new RingEnds.Sink(Dtype.Storage.FLOAT);
            float[] offHeap = (float[]) RingEnds.runLine(line(src, wire, sink), true);
            assertTrue(src.sawSegment && sink.sawSegment, wire + ": the packers' rings were not off the heap");
            float[] heap;
            System.setProperty("sigflow.memory.packOffHeap", "false");
            try {
                RingEnds.Source heapSrc = new RingEnds.Source(x, 250_001);
                heap = (float[]) RingEnds.runLine(line(heapSrc, wire, new RingEnds.Sink(Dtype.Storage.FLOAT)), true);
                assertEquals(false, heapSrc.sawSegment, "packOffHeap=false keeps the heap ring");
            } finally {
                System.clearProperty("sigflow.memory.packOffHeap");
            }
            float[] wholePages;
            System.setProperty("sigflow.memory.unpackPipelined", "false");
            try {
                wholePages = (float[]) RingEnds.runLine(line(new RingEnds.Source(x, 250_001), wire,
                        new RingEnds.Sink(Dtype.Storage.FLOAT)), true);
            } finally {
                System.clearProperty("sigflow.memory.unpackPipelined");
            }
            assertEquals(x.length, offHeap.length, wire);
            assertArrayEquals(heap, offHeap, 0f, wire + ": off-heap packing differs from the heap path");
            assertArrayEquals(wholePages, offHeap, 0f, wire + ": the download in pieces differs from whole pages");
            double err = 0;
            double sig = 0;
            for (int i = 0; i < x.length; i++) {
                err += (double) (offHeap[i] - x[i]) * (offHeap[i] - x[i]);
                sig += (double) x[i] * x[i];
            }
            double snr = 10 * Math.log10(sig / err);
            System.out.printf("packed wire %-5s round trip SNR %.1f dB (expected %.1f)%n", wire, snr, expected);
            // the way back adds no error: a value on the format's grid packs to itself
            assertEquals(expected, snr, 4.0, wire + " round-trip SNR");
        }
    }

    /** {@code src → h2d(wire) → d2h(wire) → sink}, cf32, pages of 600,000 items. */
    private static List<FlowNode> line(RingEnds.Source src, String wire, RingEnds.Sink sink) throws Exception {
        PortSpec p = new PortSpec("out", Dtype.CF32, 1);
        return List.of(new FlowNode("src", "array", src, List.of(), List.of(p)),
                new FlowNode("h2d", "memory_h2d", Setups.create("memory_h2d", "type", "cf32", "vlen", 1,
                        "wire_format", wire, "page_items", 600_000), List.of(p), List.of(p)),
                new FlowNode("d2h", "memory_d2h", Setups.create("memory_d2h", "type", "cf32", "vlen", 1,
                        "wire_format", wire, "page_items", 600_000), List.of(p), List.of(p)),
                new FlowNode("sink", "array", sink, List.of(p), List.of()));
    }
}
