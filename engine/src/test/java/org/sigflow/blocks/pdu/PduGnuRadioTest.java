package org.sigflow.blocks.pdu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.message.MessageDebug;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtCodec;
import org.sigflow.message.PmtText;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.Tag;
import org.sigflow.session.Engine;
import org.sigflow.testing.GraphJson;

/**
 * stream_to_tagged_stream → tagged_stream_to_pdu → message_debug and → pdu_to_tagged_stream → vector_sink, against
 * GNU Radio 3.10 running the same chain ({@code tools/reference/gen_gnuradio_pdu.py}): the PDUs' serialisation and
 * text, the round trip's items and tags, all exact. The graph ends by itself: once the stream has ended, only
 * messages remain, and the message blocks end when their senders have.
 */
class PduGnuRadioTest {
    static Engine engine;
    static JsonNode ref;
    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
        try (InputStream in = PduGnuRadioTest.class.getResourceAsStream("/reference/gnuradio_pdu.json")) {
            ref = new ObjectMapper().readTree(in);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"u8", "s16", "f32", "cf32"})
    void roundTripEqualsGnuRadios(String type) throws Exception {
        JsonNode r = ref.get(type);
        List<String> input = new ArrayList<>();
        for (JsonNode x : r.get("input")) {
            input.add(x.isArray() ? "(" + x.get(0).asDouble() + " + " + x.get(1).asDouble() + "j)" : x.asText());
        }
        GraphJson g = new GraphJson()
                .block("src", "vector_source", Map.of("type", type, "vector", "[" + String.join(", ", input) + "]",
                        "repeat", "false"))
                .block("s2ts", "stream_to_tagged_stream", Map.of("type", type, "packet_len", "10"))
                .block("foo", "stream_to_tagged_stream", Map.of("type", type, "packet_len", "5",
                        "len_tag_key", "'foo'"))
                .block("to_pdu", "tagged_stream_to_pdu", Map.of("type", type))
                .block("dbg", "message_debug", Map.of())
                .block("to_stream", "pdu_to_tagged_stream", Map.of("type", type))
                .block("snk", "vector_sink", Map.of("type", type))
                .chain("src", "s2ts", "foo", "to_pdu")
                .connect("to_pdu", "pdus", "dbg", "store")
                .connect("to_pdu", "pdus", "to_stream", "pdus")
                .connect("to_stream", "out", "snk", "in");
        try (RunningGraph run = engine.start(engine.open(g.write(dir.resolve("pdu.graph")), Map.of()),
                RunOptions.DEFAULT)) {
            RunOutcome end = run.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("did not end"));
            assertEquals(RunOutcome.Kind.COMPLETED, end.kind(), String.valueOf(end.failure()));
            List<Pmt> pdus = ((MessageDebug.Debug) run.block("dbg")).messages();
            assertEquals(r.get("pdus").size(), pdus.size(), "PDUs (the last, partial packet makes none)");
            for (int i = 0; i < pdus.size(); i++) {
                assertEquals(r.get("pdus").get(i).get("text").asText(), PmtText.write(pdus.get(i)), "PDU " + i);
                assertEquals(r.get("pdus").get(i).get("hex").asText(),
                        HexFormat.of().formatHex(PmtCodec.bytes(pdus.get(i))), "PDU " + i);
            }
            VectorSink.Collector snk = (VectorSink.Collector) run.block("snk");
            JsonNode items = r.get("items");
            double[] got = values(snk, type);
            assertEquals(items.size(), got.length, "round-trip elements");
            for (int i = 0; i < got.length; i++) {
                assertEquals(items.get(i).asDouble(), got[i], 0, "element " + i);
            }
            List<String> tags = new ArrayList<>();
            for (Tag t : snk.tags()) {
                tags.add(t.offset() + " " + t.key() + " " + PmtText.write(TagValues.toPmt(t.value())));
            }
            List<String> want = new ArrayList<>();
            r.get("tags").forEach(t -> want.add(t.get(0).asLong() + " " + t.get(1).asText() + " "
                    + t.get(2).asText()));
            assertEquals(want, tags.stream().sorted().toList());
            assertTrue(!tags.isEmpty());
        }
    }

    private static double[] values(VectorSink.Collector snk, String type) {
        int n = snk.count() * (type.equals("cf32") ? 2 : 1);
        double[] out = new double[n];
        switch (type) {
            case "u8" -> {
                byte[] b = snk.bytes();
                for (int i = 0; i < n; i++) {
                    out[i] = b[i] & 0xff;
                }
            }
            case "s16" -> {
                short[] s = snk.shorts();
                for (int i = 0; i < n; i++) {
                    out[i] = s[i];
                }
            }
            default -> {
                float[] f = snk.floats();
                for (int i = 0; i < n; i++) {
                    out[i] = f[i];
                }
            }
        }
        return out;
    }
}
