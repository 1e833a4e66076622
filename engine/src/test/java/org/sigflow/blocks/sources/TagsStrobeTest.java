package org.sigflow.blocks.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * tags_strobe against GNU Radio 3.10's tags_strobe on its first 2500 items (recorded by
 * {@code tools/reference/gen_gnuradio_coverage.py}): the same tags at the same offsets, zeros throughout; the
 * output is written in calls of 333 items so tags fall inside and across calls.
 */
class TagsStrobeTest {

    @Test
    void tagsMatchGnuRadio() throws Exception {
        JsonNode ref;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_coverage.json")) {
            ref = new ObjectMapper().readTree(in).get("tags_strobe");
        }
        int items = ref.get("items").asInt();
        Map<String, Value> params = Map.of("type", Value.of("f32"), "nsamps", Value.of(ref.get("nsamps").asLong()),
                "key", Value.of(ref.get("key").asText()), "value", Value.of(ref.get("value").asText()),
                "vlen", Value.of(1L));
        BlockHarness h = BlockHarness.of(new TagsStrobe().create(new BlockSetup("s", "tags_strobe", params, List.of(),
                List.of(), null))).chunk(333).maxCalls((items + 332) / 333).output(Dtype.F32, 1).run();
        List<String> want = new ArrayList<>();
        ref.get("tags").forEach(t -> want.add(t.get(0).asLong() + " " + t.get(1).asText() + " " + t.get(2).asLong()));
        List<String> got = h.tags(0).stream().filter(t -> t.offset() < items)
                .map(t -> t.offset() + " " + t.key() + " " + t.value()).toList();
        assertEquals(want, got);
        float[] out = h.floats(0);
        for (int i = 0; i < items; i++) {
            assertEquals(0f, out[i], "item " + i);
        }
    }
}
