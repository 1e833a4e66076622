package org.sigflow.blocks.convert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;

/**
 * The interleaved converters' Output / Input Type cs8 and cs16: complex samples become SigFlow's complex integer
 * stream (one item per sample) and back, with GNU Radio's scale, clipping and half-to-even rounding, over several
 * ring laps. The expected integers are computed here from the definition (round half to even of value × scale,
 * clipped), not by the blocks' code.
 */
class ComplexIntegerStreamTest {
    /** Values with exact ties at scale 2 (0.25 → 0.5, 0.75 → 1.5), clipping at both ends and ordinary ones. */
    private static final float[] SAMPLES = {0.25f, -0.25f, 0.75f, -0.75f, 100f, -100f, 0.1f, -0.3f, 1.2f, 3.7f};

    @Test
    void cs8RoundTripsWithGnuRadiosRounding() throws Exception {
        check("char", "cs8", Dtype.CS8, 2.0, -128, 127);
    }

    @Test
    void cs16RoundTripsWithGnuRadiosRounding() throws Exception {
        check("short", "cs16", Dtype.CS16, 2.0, -32768, 32767);
    }

    private static void check(String kind, String type, Dtype dtype, double scale, int min, int max) throws Exception {
        int total = 50_000; // complex samples: several laps of 4096-item rings
        PortSpec cf32Out = new PortSpec("out", Dtype.CF32, 1);
        PortSpec cf32In = new PortSpec("in", Dtype.CF32, 1);
        PortSpec intOut = new PortSpec("out", dtype, 1);
        PortSpec intIn = new PortSpec("in", dtype, 1);
        List<Value> values = new ArrayList<>();
        for (int i = 0; i < SAMPLES.length; i += 2) {
            values.add(Value.of(SAMPLES[i], SAMPLES[i + 1]));
        }
        List<FlowNode> nodes = List.of(
                new FlowNode("src", "vector_source", Setups.create("vector_source", "type", "cf32", "vector",
                        new Value.ListValue(values), "repeat", true, "vlen", 1), List.of(), List.of(cf32Out)),
                new FlowNode("head", "head", Setups.create("head", "type", "cf32", "vlen", 1, "num_items", total),
                        List.of(cf32In), List.of(cf32Out)),
                new FlowNode("to_int", "complex_to_interleaved_" + kind, Setups.create(
                        "complex_to_interleaved_" + kind, "scale_factor", scale, "vector", false, "out_type", type),
                        List.of(cf32In), List.of(intOut)),
                new FlowNode("ints", "vector_sink", Setups.create("vector_sink", "type", type, "vlen", 1),
                        List.of(intIn), List.of()),
                new FlowNode("to_cf32", "interleaved_" + kind + "_to_complex", kind.equals("short")
                        ? Setups.create("interleaved_short_to_complex", "scale_factor", scale, "vector", false,
                                "swap", false, "in_type", type)
                        : Setups.create("interleaved_char_to_complex", "scale_factor", scale, "vector", false,
                                "in_type", type),
                        List.of(intIn), List.of(cf32Out)),
                new FlowNode("back", "vector_sink", Setups.create("vector_sink", "type", "cf32", "vlen", 1),
                        List.of(cf32In), List.of()));
        RunningGraph g = RunningGraph.start(nodes, List.of(new FlowEdge("src", 0, "head", 0),
                new FlowEdge("head", 0, "to_int", 0), new FlowEdge("to_int", 0, "ints", 0),
                new FlowEdge("to_int", 0, "to_cf32", 0), new FlowEdge("to_cf32", 0, "back", 0)),
                new RunOptions(4096));
        g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("graph did not end"));
        int[] want = new int[2 * total];
        float[] wantBack = new float[2 * total];
        for (int i = 0; i < want.length; i++) {
            double v = Math.rint(SAMPLES[i % SAMPLES.length] * scale); // Math.rint rounds half to even
            want[i] = (int) Math.max(min, Math.min(max, v));
            wantBack[i] = (float) (want[i] / scale);
        }
        VectorSink.Collector ints = (VectorSink.Collector) g.block("ints");
        assertEquals(total, ints.count(), "one " + type + " item per complex sample");
        int[] got = new int[2 * total];
        if (dtype == Dtype.CS8) {
            byte[] b = ints.bytes();
            for (int i = 0; i < got.length; i++) {
                got[i] = b[i];
            }
        } else {
            short[] s = ints.shorts();
            for (int i = 0; i < got.length; i++) {
                got[i] = s[i];
            }
        }
        assertArrayEquals(want, got, type + " values: round half to even of value x scale, clipped");
        assertArrayEquals(wantBack, ((VectorSink.Collector) g.block("back")).floats(), 0f,
                type + " back to cf32: value / scale");
    }
}
