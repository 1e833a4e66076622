package org.sigflow.blocks.fec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtText;
import org.sigflow.message.UniformKind;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.MessagePorts;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.Tag;

/**
 * The FEC blocks against GNU Radio 3.10's gr-fec ({@code tools/reference/gen_gnuradio_fec.py}): encoders bit-exact,
 * decoders (Viterbi on noiseless and noisy symbols, repetition, dummy) exactly GNU Radio's bits, in the extended
 * (stream), extended tagged and async deployments, whatever the work-call sizes.
 */
class GnuRadioFecTest {
    /** GNU Radio's cases: gen_gnuradio_fec.py's and gen_gnuradio_ldpc.py's (LDPC, alist files in grc/gnuradio). */
    private static final List<JsonNode> REFS = List.of(load("/reference/gnuradio_fec.json"),
            load("/reference/gnuradio_ldpc.json"));

    private static JsonNode load(String resource) {
        try (InputStream in = GnuRadioFecTest.class.getResourceAsStream(resource)) {
            return new ObjectMapper().readTree(in);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<Arguments> streamCases() {
        List<Arguments> out = new ArrayList<>();
        for (JsonNode c : cases("stream")) {
            for (int chunk : new int[] {1100, 4099}) {
                out.add(Arguments.of(c.get("name").asText() + " chunk " + chunk, c, chunk));
            }
        }
        return out.stream();
    }

    static Stream<Arguments> taggedCases() {
        List<Arguments> out = new ArrayList<>();
        cases("tagged").forEach(c -> out.add(Arguments.of(c.get("name").asText(), c)));
        return out.stream();
    }

    static Stream<Arguments> asyncCases() {
        List<Arguments> out = new ArrayList<>();
        cases("async").forEach(c -> out.add(Arguments.of(c.get("name").asText(), c)));
        return out.stream();
    }

    private static List<JsonNode> cases(String kind) {
        List<JsonNode> out = new ArrayList<>();
        REFS.forEach(r -> r.get(kind).forEach(out::add));
        return out;
    }

    static Map<String, Value> params(JsonNode p, String lengthTag) {
        Map<String, Value> m = new HashMap<>();
        p.properties().forEach(e -> {
            JsonNode v = e.getValue();
            m.put(e.getKey(), v.isBoolean() ? Value.of(v.asBoolean()) : v.isTextual() ? Value.of(v.asText())
                    : v.isArray() ? new Value.ListValue(toValues(v)) : v.isIntegralNumber() ? Value.of(v.asLong())
                    : Value.of(v.asDouble()));
        });
        m.put("puncpat", Value.of("11"));
        m.put("len_tag_key", Value.of(lengthTag));
        m.putIfAbsent("mtu", Value.of(1500));
        return m;
    }

    private static List<Value> toValues(JsonNode a) {
        List<Value> out = new ArrayList<>();
        a.forEach(x -> out.add(Value.of(x.asLong())));
        return out;
    }

    private static Block create(JsonNode c, String lengthTag) throws Exception {
        boolean enc = c.get("block").asText().contains("encoder");
        BlockFactory f = switch (c.get("block").asText()) {
            case "fec_encoder" -> new FecEncoderBlock();
            case "fec_decoder" -> new FecDecoderBlock();
            case "fec_async_encoder" -> new FecAsyncEncoderBlock();
            default -> new FecAsyncDecoderBlock();
        };
        List<PortSpec> in = c.get("block").asText().contains("async") ? List.of()
                : List.of(new PortSpec("in", enc ? Dtype.U8 : Dtype.F32, 1));
        List<PortSpec> out = in.isEmpty() ? List.of() : List.of(new PortSpec("out", Dtype.U8, 1));
        return f.create(new BlockSetup("b", c.get("block").asText(), params(c.get("params"), lengthTag), in, out,
                java.nio.file.Path.of(GnuRadioFecTest.class.getResource("/grc/gnuradio").toURI())));
    }

    private static Object input(JsonNode c) {
        JsonNode in = c.get("input");
        if (c.get("block").asText().equals("fec_encoder")) {
            byte[] b = new byte[in.size()];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) in.get(i).asInt();
            }
            return b;
        }
        float[] f = new float[in.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) in.get(i).asDouble();
        }
        return f;
    }

    private static byte[] bytes(JsonNode a) {
        byte[] b = new byte[a.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) a.get(i).asInt();
        }
        return b;
    }

    private static Dtype inType(JsonNode c) {
        return c.get("block").asText().equals("fec_encoder") ? Dtype.U8 : Dtype.F32;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streamCases")
    void streamGivesGnuRadiosBits(String name, JsonNode c, int chunk) throws Exception {
        BlockHarness h = BlockHarness.of(create(c, "")).chunk(chunk).input(inType(c), 1, input(c))
                .output(Dtype.U8, 1).run();
        byte[] want = bytes(c.get("output"));
        assertArrayEquals(want, java.util.Arrays.copyOf(h.bytes(0), h.produced(0)), name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("taggedCases")
    void taggedGivesGnuRadiosPackets(String name, JsonNode c) throws Exception {
        BlockHarness h = BlockHarness.of(create(c, "packet_len")).chunk(700).input(inType(c), 1, input(c))
                .output(Dtype.U8, 1);
        long at = 0;
        for (JsonNode n : c.get("lengths")) {
            h.tag(0, new Tag(at, "packet_len", n.asLong()));
            at += n.asLong();
        }
        h.run();
        assertArrayEquals(bytes(c.get("output")), java.util.Arrays.copyOf(h.bytes(0), h.produced(0)), name);
        List<String> want = new ArrayList<>();
        c.get("tags").forEach(t -> want.add(t.get(0).asLong() + "=" + t.get(1).asLong()));
        assertEquals(want, h.tags(0).stream().map(t -> t.offset() + "=" + t.value()).toList(), name + " tags");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("asyncCases")
    void asyncGivesGnuRadiosPdus(String name, JsonNode c) throws Exception {
        Block b = create(c, "");
        List<Pmt> posted = new ArrayList<>();
        b.bindMessages(new MessagePorts() {
            @Override
            public void post(String port, Pmt message) {
                posted.add(message);
            }

            @Override
            public boolean connected(String port) {
                return true;
            }
        });
        boolean enc = c.get("block").asText().contains("encoder");
        for (JsonNode in : c.get("inputs")) {
            Pmt.Uniform u;
            if (enc) {
                u = new Pmt.Uniform(UniformKind.U8, bytes(in));
            } else {
                float[] f = new float[in.size()];
                for (int i = 0; i < f.length; i++) {
                    f[i] = (float) in.get(i).asDouble();
                }
                u = new Pmt.Uniform(UniformKind.F32, f);
            }
            b.handleMessage("in", new Pmt.Pair(Pmt.Dict.EMPTY, u));
        }
        JsonNode want = c.get("outputs");
        assertEquals(want.size(), posted.size(), name);
        for (int i = 0; i < posted.size(); i++) {
            Pmt.Pair p = (Pmt.Pair) posted.get(i);
            assertEquals(want.get(i).get("meta").asText(), PmtText.write(p.car()), name + " PDU " + i + " metadata");
            assertArrayEquals(bytes(want.get(i).get("data")), (byte[]) ((Pmt.Uniform) p.cdr()).data(),
                    name + " PDU " + i);
        }
    }
}
