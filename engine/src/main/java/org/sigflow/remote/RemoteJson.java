package org.sigflow.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.sigflow.display.DisplayFrame;
import org.sigflow.runtime.BlockFailure;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.RunOutcome;

/**
 * The remote engine's JSON, written by {@code sigflow serve} and read by {@link RemoteEngine}: one object per event
 * line of a run's NDJSON stream (docs/remote.md lists them). Display traces travel as base64 of little-endian
 * float32, so a frame arrives bit-exact and a third the size of decimal text.
 */
final class RemoteJson {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private RemoteJson() {}

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static String text(JsonNode n) {
        try {
            return MAPPER.writeValueAsString(n);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree always serialises
        }
    }

    static JsonNode parse(String text) throws JsonProcessingException {
        return MAPPER.readTree(text);
    }

    static ObjectNode metrics(double elapsed, List<BlockMetrics> metrics) {
        ObjectNode o = object().put("type", "metrics").put("elapsed", elapsed);
        o.set("blocks", MAPPER.valueToTree(metrics));
        return o;
    }

    static List<BlockMetrics> metrics(JsonNode blocks) throws JsonProcessingException {
        List<BlockMetrics> out = new ArrayList<>();
        for (JsonNode b : blocks) {
            out.add(MAPPER.treeToValue(b, BlockMetrics.class));
        }
        return out;
    }

    static ObjectNode frame(String block, DisplayFrame f) {
        ObjectNode o = object().put("type", "frame").put("block", block).put("sequence", f.sequence())
                .put("xStart", f.xStart()).put("xStep", f.xStep()).put("sampleCount", f.sampleCount());
        ArrayNode traces = o.putArray("traces");
        for (float[] t : f.traces()) {
            ByteBuffer b = ByteBuffer.allocate(4 * t.length).order(ByteOrder.LITTLE_ENDIAN);
            b.asFloatBuffer().put(t);
            traces.add(Base64.getEncoder().encodeToString(b.array()));
        }
        return o;
    }

    static DisplayFrame frame(JsonNode o) {
        List<float[]> traces = new ArrayList<>();
        for (JsonNode t : o.path("traces")) {
            ByteBuffer b = ByteBuffer.wrap(Base64.getDecoder().decode(t.asText())).order(ByteOrder.LITTLE_ENDIAN);
            float[] f = new float[b.remaining() / 4];
            b.asFloatBuffer().get(f);
            traces.add(f);
        }
        return new DisplayFrame(o.path("sequence").asLong(), o.path("xStart").asDouble(), o.path("xStep").asDouble(),
                traces, o.path("sampleCount").asLong());
    }

    static ObjectNode problem(String message) {
        return object().put("type", "problem").put("message", message);
    }

    static ObjectNode end(RunOutcome outcome, double elapsed, List<BlockMetrics> metrics) {
        ObjectNode o = object().put("type", "end").put("kind", outcome.kind().name()).put("seconds", outcome.seconds());
        BlockFailure f = outcome.failure();
        if (f != null) {
            o.putObject("failure").put("block", f.blockId()).put("blockType", f.blockType()).put("message", f.message());
        }
        o.set("metrics", metrics(elapsed, metrics));
        return o;
    }

    static RunOutcome outcome(JsonNode end) {
        RunOutcome.Kind kind = RunOutcome.Kind.valueOf(end.path("kind").asText());
        JsonNode f = end.path("failure");
        BlockFailure failure = f.isObject() ? new BlockFailure(f.path("block").isNull() ? null
                : f.path("block").asText(null), f.path("blockType").asText(null), f.path("message").asText(), null)
                : null;
        return new RunOutcome(kind, failure, end.path("seconds").asDouble());
    }

    static ObjectNode error(String message, List<String> problems) {
        ObjectNode o = object().put("error", message);
        ArrayNode p = o.putArray("problems");
        problems.forEach(p::add);
        return o;
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode n : array) {
            out.add(n.asText());
        }
        return out;
    }
}
