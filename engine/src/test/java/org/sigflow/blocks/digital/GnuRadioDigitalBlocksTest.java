package org.sigflow.blocks.digital;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockRegistry;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.Tag;

/**
 * The digital-communication blocks (correlate_access_code_tag, ber, OFDM cyclic prefixer / serializer / carrier
 * allocator) against GNU Radio 3.10's own output for the same input, recorded by
 * {@code tools/reference/gen_gnuradio_digital.py}: the same number of items, bytes equal, floats within the case's
 * tolerance (default 1e-5 relative), and the same output tags (offset, key, integer value). Inputs are fed in work
 * calls of 11 items (or the case's chunk: packet blocks need a packet's output space) so that calls cut the streams
 * at odd places, except where GNU Radio's output itself depends on
 * the call sizes (ber): "whole" feeds everything at once, as GNU Radio's vector source did, "last" compares only the
 * last value, which covers all input whatever the call sizes.
 */
class GnuRadioDigitalBlocksTest {
    private static final BlockRegistry REGISTRY = BlockRegistry.load();

    static Stream<JsonNode> cases() throws Exception {
        return load("/reference/gnuradio_digital.json", "cases").stream();
    }

    /** The entries of the JSON array {@code key} of a reference file on the test class path. */
    static List<JsonNode> load(String resource, String key) throws Exception {
        try (InputStream in = GnuRadioDigitalBlocksTest.class.getResourceAsStream(resource)) {
            List<JsonNode> list = new ArrayList<>();
            new ObjectMapper().readTree(in).get(key).forEach(list::add);
            return list;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesGnuRadio(JsonNode c) throws Exception {
        String name = c.get("name").asText();
        String compare = c.get("compare").asText();
        BlockHarness h = run(c, compare.equals("whole") ? 1 << 20 : c.get("chunk").asInt());
        JsonNode out = c.get("output");
        Dtype outType = Dtype.fromId(out.get("dtype").asText());
        Object expected = array(outType, out.get("values"));
        if (outType.storage() == Dtype.Storage.BYTE) {
            assertArrayEquals((byte[]) expected, h.bytes(0), name);
        } else {
            float[] want = (float[]) expected;
            float[] got = h.floats(0);
            double tol = c.has("tolerance") ? c.get("tolerance").asDouble() : 1e-5;
            if (compare.equals("last")) {
                assertTrue(got.length > 0, name + ": no output");
                assertEquals(want[want.length - 1], got[got.length - 1], tol, name + ": last value");
            } else {
                assertEquals(want.length, got.length, name + ": output length");
                for (int i = 0; i < want.length; i++) {
                    assertEquals(want[i], got[i], tol * Math.max(1, Math.abs(want[i])), name + " at " + i);
                }
            }
        }
        List<String> wantTags = new ArrayList<>();
        out.get("tags").forEach(t -> wantTags.add(t.get(0).asLong() + " " + t.get(1).asText() + "=" + t.get(2).asText()));
        List<String> gotTags = h.tags(0).stream()
                .sorted(Comparator.comparingLong(Tag::offset).thenComparing(Tag::key))
                .map(t -> t.offset() + " " + t.key() + "=" + t.value()).toList();
        assertEquals(wantTags, gotTags, name + ": tags");
    }

    static BlockHarness run(JsonNode c, int chunk) throws Exception {
        BlockFactory factory = REGISTRY.find(c.get("block").asText()).orElseThrow();
        Map<String, Value> params = new HashMap<>();
        c.get("params").properties().forEach(e -> params.put(e.getKey(), value(e.getValue())));
        Block block = factory.create(new BlockSetup("t", factory.id(), params, List.of(), List.of(), null));
        BlockHarness h = BlockHarness.of(block).chunk(chunk);
        int port = 0;
        for (JsonNode in : c.get("inputs")) {
            Dtype d = Dtype.fromId(in.get("dtype").asText());
            h.input(d, in.get("vlen").asInt(), array(d, in.get("values")));
            for (JsonNode t : in.get("tags")) {
                h.tag(port, new Tag(t.get(0).asLong(), t.get(1).asText(), t.get(2).asLong()));
            }
            port++;
        }
        JsonNode out = c.get("output");
        if (port == 0) { // a source: enough calls for GNU Radio's items, and a few more
            h.maxCalls(out.get("values").size() / chunk + 3);
        }
        return h.output(Dtype.fromId(out.get("dtype").asText()), out.get("vlen").asInt()).run();
    }

    private static Object array(Dtype d, JsonNode values) {
        int n = values.size();
        if (d.storage() == Dtype.Storage.INT) {
            int[] k = new int[n];
            for (int i = 0; i < n; i++) {
                k[i] = (int) values.get(i).asLong();
            }
            return k;
        }
        if (d.storage() == Dtype.Storage.BYTE) {
            byte[] b = new byte[n];
            for (int i = 0; i < n; i++) {
                b[i] = (byte) values.get(i).asInt();
            }
            return b;
        }
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
            f[i] = (float) values.get(i).asDouble();
        }
        return f;
    }

    /** JSON → param value: numbers, booleans, strings, lists (nested too), {re, im} objects as complex numbers. */
    static Value value(JsonNode n) {
        if (n.isObject()) {
            return Value.of(n.get("re").asDouble(), n.get("im").asDouble());
        }
        if (n.isArray()) {
            List<Value> items = new ArrayList<>();
            n.forEach(e -> items.add(value(e)));
            return new Value.ListValue(items);
        }
        if (n.isBoolean()) {
            return Value.of(n.asBoolean());
        }
        if (n.isIntegralNumber()) {
            return Value.of(n.asLong());
        }
        if (n.isNumber()) {
            return Value.of(n.asDouble());
        }
        return Value.of(n.asText());
    }
}
