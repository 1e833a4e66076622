package org.sigflow.blocks.digital;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockRegistry;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * The runtime's tag propagation through rate-changing blocks (keep_m_in_n 1/3 and 2/5, fir_filter decimating by 3,
 * interp_fir_filter x4, rational_resampler 3/4, fractional_resampler 1.5 whose rate 2/3 is only a double;
 * test_tag_variable_rate, which places them itself after a random rate) puts tags
 * where GNU Radio 3.10 does, recorded by {@code tools/reference/gen_gnuradio_tagrate.py} with a tag on each of 50
 * input items (so every rounding case occurs, halves included): GNU Radio places a tag at input k on
 * floor(k * rate + 1/2); the former floor(k * rate) put many one item early. Each case runs as a graph (source,
 * block, sink) with rings of 1, 7 and 64 items, since the placement must depend on the absolute offset only. Output
 * values as GNU Radio's within 1e-5 relative (a resampler's end may differ by the case's length_slack items).
 */
class GnuRadioTagRateTest {
    private static final BlockRegistry REGISTRY = BlockRegistry.load();

    static Stream<Arguments> cases() throws Exception {
        return GnuRadioDigitalBlocksTest.load("/reference/gnuradio_tagrate.json", "cases").stream()
                .flatMap(c -> Stream.of(1, 7, 64).map(chunk -> Arguments.of(c.get("name").asText(), chunk, c)));
    }

    @ParameterizedTest(name = "{0} chunk {1}")
    @MethodSource("cases")
    void tagsLandWhereGnuRadioPutsThem(String name, int chunk, JsonNode c) throws Exception {
        JsonNode in = c.get("inputs").get(0);
        float[] x = new float[in.get("values").size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) in.get("values").get(i).asDouble();
        }
        List<Tag> tags = new ArrayList<>();
        in.get("tags").forEach(t -> tags.add(new Tag(t.get(0).asLong(), t.get(1).asText(), t.get(2).asLong())));
        Replay src = new Replay(x, tags, chunk);
        Record sink = new Record();
        List<PortSpec> f32 = List.of(new PortSpec("p", Dtype.F32, 1));
        RunningGraph g = RunningGraph.start(
                List.of(new FlowNode("src", "test_src", src, List.of(), f32),
                        new FlowNode("dut", c.get("block").asText(), create(c), f32, f32),
                        new FlowNode("sink", "test_sink", sink, f32, List.of())),
                List.of(new FlowEdge("src", 0, "dut", 0), new FlowEdge("dut", 0, "sink", 0)), new RunOptions(chunk));
        RunOutcome o = g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError(name + ": no end"));
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), name + ": " + o);

        List<String> want = new ArrayList<>();
        c.get("output").get("tags").forEach(t -> want.add(t.get(0).asLong() + " " + t.get(1).asText() + "="
                + t.get(2).asLong()));
        List<String> got = sink.tags.stream()
                .sorted(Comparator.comparingLong(Tag::offset).thenComparingLong(t -> ((Number) t.value()).longValue()))
                .map(t -> t.offset() + " " + t.key() + "=" + t.value()).toList();
        assertTrue(want.size() >= 40, name + ": the reference carries the tags");
        assertEquals(want, got, name + ": tag offsets (value = input offset)");
        JsonNode values = c.get("output").get("values");
        int slack = c.get("length_slack").asInt(); // how many items GNU Radio's end may differ by
        assertTrue(Math.abs(values.size() - sink.values.size()) <= slack,
                name + ": " + sink.values.size() + " items, GNU Radio " + values.size());
        for (int i = 0; i < Math.min(values.size(), sink.values.size()); i++) {
            double w = values.get(i).asDouble();
            assertEquals(w, sink.values.get(i), 1e-5 * Math.max(1, Math.abs(w)), name + " at " + i);
        }
    }

    private static Block create(JsonNode c) throws Exception {
        BlockFactory factory = REGISTRY.find(c.get("block").asText()).orElseThrow();
        Map<String, Value> params = new HashMap<>();
        c.get("params").properties().forEach(e -> params.put(e.getKey(), GnuRadioDigitalBlocksTest.value(e.getValue())));
        return factory.create(new BlockSetup("dut", factory.id(), params, List.of(), List.of(), null));
    }

    /** Emits the reference input, at most {@code chunk} items a call, with its tags. */
    private static final class Replay implements Block {
        private final float[] x;
        private final List<Tag> tags;
        private final int chunk;
        private int next;

        Replay(float[] x, List<Tag> tags, int chunk) {
            this.x = x;
            this.tags = tags;
            this.chunk = chunk;
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView out = io.out(0);
            int n = Math.min(Math.min(out.space(), chunk), x.length - next);
            System.arraycopy(x, next, out.floats(), out.offset(), n);
            for (Tag t : tags) {
                if (t.offset() >= next && t.offset() < next + n) {
                    out.addTag(t.offset(), t.key(), t.value());
                }
            }
            io.produce(0, n);
            next += n;
            return next == x.length ? WorkResult.DONE : WorkResult.CONTINUE;
        }
    }

    /** Keeps every value and tag it reads. */
    private static final class Record implements Block {
        final List<Float> values = Collections.synchronizedList(new ArrayList<>());
        final List<Tag> tags = Collections.synchronizedList(new ArrayList<>());

        @Override
        public WorkResult work(WorkIo io) {
            InputView in = io.in(0);
            int n = in.available();
            for (int i = 0; i < n; i++) {
                values.add(in.floats()[in.offset() + i]);
            }
            tags.addAll(in.tags(n));
            io.consume(0, n);
            return WorkResult.CONTINUE;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }
    }
}
