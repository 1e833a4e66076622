package org.sigflow.blocks.bits;

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
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockRegistry;
import org.sigflow.runtime.BlockSetup;

/**
 * The byte and short stream blocks (converters, bit packing, bitwise operators, map, chunks_to_symbols) against GNU
 * Radio 3.10's own output for the same input, recorded by {@code tools/reference/gen_gnuradio_bytes.py}: integer
 * outputs equal exactly, float outputs within 1 ulp-scale (1e-6 relative), and the same number of items. The blocks
 * run in chunks of 11 items so that work calls cut the streams at odd places.
 */
class GnuRadioByteBlocksTest {
    private static final BlockRegistry REGISTRY = BlockRegistry.load();

    static Stream<JsonNode> cases() throws Exception {
        List<JsonNode> list = new ArrayList<>();
        // gnuradio_misc.json: more stream blocks in the same format (tools/reference/gen_gnuradio_misc.py)
        // gnuradio_coverage.json: the stream blocks added for GRC coverage (tools/reference/gen_gnuradio_coverage.py)
        // gnuradio_misc_blocks.json: more of them (tools/reference/gen_gnuradio_misc_blocks.py)
        for (String file : List.of("/reference/gnuradio_bytes.json", "/reference/gnuradio_misc.json",
                "/reference/gnuradio_coverage.json", "/reference/gnuradio_misc_blocks.json")) {
            try (InputStream in = GnuRadioByteBlocksTest.class.getResourceAsStream(file)) {
                new ObjectMapper().readTree(in).get("cases").forEach(list::add);
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesGnuRadio(JsonNode c) throws Exception {
        BlockFactory factory = REGISTRY.find(c.get("block").asText()).orElseThrow();
        Map<String, Value> params = new HashMap<>();
        c.get("params").properties().forEach(e -> params.put(e.getKey(), value(e.getValue())));
        Block block = factory.create(new BlockSetup("t", factory.id(), params, List.of(), List.of(), null));
        int vlen = c.get("params").has("vlen") ? c.get("params").get("vlen").asInt() : 1;
        // a case may need larger calls: a block whose step is longer than 11 items (peak_detector2's look-ahead)
        BlockHarness h = BlockHarness.of(block).chunk(c.has("chunk") ? c.get("chunk").asInt() : 11);
        for (JsonNode in : c.get("inputs")) {
            Dtype d = Dtype.fromId(in.get("dtype").asText());
            h.input(d, vlen, array(d, in.get("values")));
        }
        Dtype outType = Dtype.fromId(c.get("output").get("dtype").asText());
        h.output(outType, vlen);
        if (c.has("output2")) { // a second output, e.g. complex_to_float's imaginary parts
            h.output(Dtype.fromId(c.get("output2").get("dtype").asText()), vlen);
        }
        h.run();
        check(c, "output", 0, h);
        if (c.has("output2")) {
            check(c, "output2", 1, h);
        }
    }

    private static void check(JsonNode c, String key, int port, BlockHarness h) {
        Dtype outType = Dtype.fromId(c.get(key).get("dtype").asText());
        Object expected = array(outType, c.get(key).get("values"));
        String name = c.get("name").asText() + (port == 0 ? "" : " output " + port);
        // a case may state its own (e.g. GNU Radio's log10 is VOLK's polynomial approximation of log2)
        double tolerance = c.has("tolerance") ? c.get("tolerance").asDouble() : 1e-6;
        switch (outType.storage()) {
            case FLOAT -> {
                float[] want = (float[]) expected;
                float[] got = h.floats(port);
                assertEquals(want.length, got.length, name + ": output length");
                for (int i = 0; i < want.length; i++) {
                    assertEquals(want[i], got[i], tolerance * Math.max(1, Math.abs(want[i])), name + " at " + i);
                }
            }
            case SHORT -> assertArrayEquals((short[]) expected, h.shorts(port), name);
            case BYTE -> assertArrayEquals((byte[]) expected, h.bytes(port), name);
            case INT -> assertArrayEquals((int[]) expected, h.ints(port), name);
        }
    }

    private static Object array(Dtype d, JsonNode values) {
        int n = values.size();
        return switch (d.storage()) {
            case FLOAT -> {
                float[] f = new float[n];
                for (int i = 0; i < n; i++) {
                    f[i] = (float) values.get(i).asDouble();
                }
                yield f;
            }
            case SHORT -> {
                short[] s = new short[n];
                for (int i = 0; i < n; i++) {
                    s[i] = (short) values.get(i).asInt();
                }
                yield s;
            }
            case BYTE -> {
                byte[] b = new byte[n];
                for (int i = 0; i < n; i++) {
                    b[i] = (byte) values.get(i).asInt();
                }
                yield b;
            }
            case INT -> {
                int[] k = new int[n];
                for (int i = 0; i < n; i++) {
                    k[i] = (int) values.get(i).asLong();
                }
                yield k;
            }
        };
    }

    /** JSON → param value: numbers, booleans, strings, lists; a two-number list inside a list is a complex, a list of
     * such lists a matrix row. */
    private static Value value(JsonNode n) {
        if (n.isArray()) {
            List<Value> items = new ArrayList<>();
            for (JsonNode e : n) {
                boolean nested = e.isArray() && !e.isEmpty() && e.get(0).isArray(); // a row of a matrix
                items.add(nested || !e.isArray() ? value(e) : Value.of(e.get(0).asDouble(), e.get(1).asDouble()));
            }
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
