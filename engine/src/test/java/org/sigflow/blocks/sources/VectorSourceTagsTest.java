package org.sigflow.blocks.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;

/**
 * vector_source's stream tags against GNU Radio 3.10's vector_source with the same tag tuples (recorded by
 * {@code tools/reference/gen_vector_source_tags.py}): repeated (a tag on every pass, an offset past the vector's
 * end included) and played once; output in calls of 3 items so passes and tags fall across calls.
 */
class VectorSourceTagsTest {

    @Test
    void tagsMatchGnuRadio() throws Exception {
        JsonNode cases;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_vector_source_tags.json")) {
            cases = new ObjectMapper().readTree(in).get("cases");
        }
        assertEquals(2, cases.size());
        for (JsonNode c : cases) {
            int items = c.get("items").asInt();
            List<Value> vector = new ArrayList<>();
            c.get("vector").forEach(v -> vector.add(Value.of(v.asDouble())));
            StringBuilder tags = new StringBuilder();
            c.get("tags_in").forEach(t -> tags.append("(").append(t.get(0).asText()).append(", ")
                    .append(t.get(1).asText()).append(", ").append(t.get(2).asText()).append(", ")
                    .append(t.get(3).asText()).append(")"));
            Map<String, Value> params = Map.of("type", Value.of("f32"), "vector", new Value.ListValue(vector),
                    "repeat", Value.of(c.get("repeat").asBoolean()), "vlen", Value.of(1L),
                    "tags", Value.of(tags.toString()));
            BlockHarness h = BlockHarness.of(new VectorSource().create(new BlockSetup("v", "vector_source", params,
                    List.of(), List.of(), null))).chunk(3).maxCalls((items + 2) / 3).output(Dtype.F32, 1).run();
            List<String> want = new ArrayList<>();
            c.get("tags").forEach(t -> want.add(t.get(0).asLong() + " " + t.get(1).asText() + " "
                    + t.get(2).asText()));
            List<String> got = h.tags(0).stream().filter(t -> t.offset() < items)
                    .map(t -> t.offset() + " " + t.key() + " " + t.value()).toList();
            assertEquals(want.stream().sorted().toList(), got.stream().sorted().toList(), "repeat "
                    + c.get("repeat"));
            float[] out = h.floats(0);
            assertTrue(out.length >= items);
            for (int i = 0; i < items; i++) {
                assertEquals(c.get("samples").get(i).asDouble(), out[i], 0.0, "item " + i);
            }
        }
    }

    @Test
    void badTagsSayWhichAndWhat() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VectorSourceTags.parse("(0, pmt.intern(\"a\"), pmt.PMT_T)(x, pmt.intern(\"b\"), pmt.PMT_T)"));
        assertEquals("tag 2: offset 'x' is not a whole number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> VectorSourceTags.parse("(0, pmt.from_long(1), 2)"));
        assertTrue(e.getMessage().startsWith("tag 1: the key must be a symbol"), e.getMessage());
    }
}
