package org.sigflow.blocks.zmq;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.Tag;

/** Small graphs around one ZMQ block, and the checks the interop tests share. */
final class ZmqGraphs {
    private static final PortSpec CF32 = new PortSpec("p", Dtype.CF32, 1);

    private ZmqGraphs() {}

    static FlowNode node(String id, Block block, int ins, int outs) {
        return new FlowNode(id, id, block, Collections.nCopies(ins, CF32), Collections.nCopies(outs, CF32));
    }

    static FlowNode node(String id, String type, int ins, int outs, Object... params) throws Exception {
        return new FlowNode(id, type, Setups.create(type, params), Collections.nCopies(ins, CF32),
                Collections.nCopies(outs, CF32));
    }

    /** source → head(n) → vector_sink; the sink is block "sink". */
    static RunningGraph receive(FlowNode source, long n) throws Exception {
        return RunningGraph.start(List.of(source,
                        node("head", "head", 1, 1, "type", "cf32", "num_items", n, "vlen", 1),
                        node("sink", "vector_sink", 1, 0, "type", "cf32", "vlen", 1)),
                List.of(new FlowEdge(source.id(), 0, "head", 0), new FlowEdge("head", 0, "sink", 0)),
                RunOptions.DEFAULT);
    }

    /** source → sink, two nodes. */
    static RunningGraph pair(FlowNode source, FlowNode sink) {
        return RunningGraph.start(List.of(source, sink), List.of(new FlowEdge(source.id(), 0, sink.id(), 0)),
                RunOptions.DEFAULT);
    }

    static RunOutcome finish(RunningGraph g, int seconds) throws InterruptedException {
        RunOutcome o = g.await(Duration.ofSeconds(seconds)).orElseGet(() -> {
            g.stop();
            throw new AssertionError("graph did not end within " + seconds + " s");
        });
        return o;
    }

    static void assertCompleted(RunOutcome o) {
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), () -> o.failure() == null ? "" : o.failure().describe());
    }

    /** The ramp item i = (i, -i) for i in [first, first + count), exactly. */
    static void assertRamp(float[] interleaved, long first, long count) {
        assertEquals(2 * count, interleaved.length, "items received");
        for (int i = 0; i < count; i++) {
            float want = first + i;
            if (interleaved[2 * i] != want || interleaved[2 * i + 1] != -want) {
                throw new AssertionError("item " + i + " is (" + interleaved[2 * i] + ", " + interleaved[2 * i + 1]
                        + "), expected (" + want + ", " + -want + ")");
            }
        }
    }

    static float[] collected(RunningGraph g) {
        return ((VectorSink.Collector) g.block("sink")).floats();
    }

    static List<Tag> collectedTags(RunningGraph g) {
        return ((VectorSink.Collector) g.block("sink")).tags();
    }

    static float[] readCf32(Path file) throws Exception {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        float[] f = new float[b.remaining() / 4];
        b.asFloatBuffer().get(f);
        return f;
    }

    /** Tags as gr_peer.py wrote them (typed JSON), as SigFlow tag values. */
    static List<Tag> readTags(Path file) throws Exception {
        List<Tag> tags = new ArrayList<>();
        for (JsonNode t : new ObjectMapper().readTree(file.toFile())) {
            tags.add(new Tag(t.get("offset").asLong(), t.get("key").asText(), typed(t)));
        }
        return tags;
    }

    private static Object typed(JsonNode t) {
        JsonNode v = t.get("value");
        return switch (t.get("type").asText()) {
            case "long" -> v.asLong();
            case "uint64" -> new BigInteger(v.asText());
            case "double" -> v.asDouble();
            case "bool" -> v.asBoolean();
            case "symbol" -> v.asText();
            case "complex" -> new Value.Complex(v.get(0).asDouble(), v.get(1).asDouble());
            case "tuple" -> {
                List<Object> items = new ArrayList<>();
                v.forEach(x -> items.add(typed(x)));
                yield List.copyOf(items);
            }
            default -> "unexpected PMT " + v.asText();
        };
    }
}
