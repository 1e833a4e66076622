package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.sources.VectorSource;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;
import org.sigflow.graph.BlockInstance;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.session.Engine;

/**
 * GRC's {@code variable_tag_object}s in a vector source's {@code tags} ({@code [tag0, tag1, tag2]}) import as string
 * variables joined into the source's tags, and the imported source puts GNU Radio 3.10's tags (recorded by
 * {@code tools/reference/gen_vector_source_tags.py}, the repeated case) on its output.
 */
class GrcVectorSourceTagsTest {

    @Test
    void tagObjectsImportAsGnuRadiosTags() throws Exception {
        JsonNode c;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_vector_source_tags.json")) {
            c = new ObjectMapper().readTree(in).get("cases").get(0);
        }
        StringBuilder grc = new StringBuilder("options:\n  parameters: {generate_options: no_gui, id: t}\nblocks:\n");
        List<String> names = new ArrayList<>();
        for (JsonNode t : c.get("tags_in")) {
            String name = "tag" + names.size();
            names.add(name);
            grc.append("- name: ").append(name).append("\n  id: variable_tag_object\n  parameters: {offset: '")
                    .append(t.get(0).asText()).append("', key: '").append(t.get(1).asText()).append("', value: '")
                    .append(t.get(2).asText()).append("', src: '").append(t.get(3).asText()).append("'}\n");
        }
        grc.append("- name: src\n  id: blocks_vector_source_x\n  parameters: {type: float, vector: '")
                .append(c.get("vector")).append("', repeat: 'True', vlen: '1', tags: '[")
                .append(String.join(", ", names)).append("]'}\n")
                .append("- name: snk\n  id: blocks_null_sink\n  parameters: {type: float, num_inputs: '1', vlen: '1'}\n")
                .append("connections:\n- [src, '0', snk, '0']\nmetadata: {file_format: 1}\n");
        ImportResult r = Engine.loadDefault().grcImporter().importText(grc.toString(), "tags.grc");
        assertTrue(r.report().attention().isEmpty(), String.join("\n", r.report().lines()));
        BlockInstance src = r.graph().blocks().stream().filter(b -> b.id().equals("src")).findFirst().orElseThrow();
        assertEquals("tag0 + tag1 + tag2", src.params().get("tags"));

        Map<String, String> definitions = new LinkedHashMap<>(r.graph().variables());
        definitions.put("imported_tags", src.params().get("tags"));
        Value tags = VariableResolver.resolve(definitions, Map.of()).values().get("imported_tags");
        List<String> want = new ArrayList<>();
        c.get("tags").forEach(t -> want.add(t.get(0).asLong() + " " + t.get(1).asText() + " " + t.get(2).asText()));
        assertEquals(want.stream().sorted().toList(), sourceTags(c, tags).stream().sorted().toList());
    }

    /** {@code tagged_streams.make_lengthtags(lengths, offsets, name)} gives GNU Radio's length tags. */
    @Test
    void lengthTagsImportAsGnuRadiosTags() throws Exception {
        JsonNode c;
        try (InputStream in = getClass().getResourceAsStream("/reference/gnuradio_vector_source_tags.json")) {
            c = new ObjectMapper().readTree(in).get("lengthtags");
        }
        String grc = "blocks:\n- name: src\n  id: blocks_vector_source_x\n  parameters: {type: float, vector: '"
                + c.get("vector") + "', repeat: 'True', vlen: '1', tags: '" + c.get("call").asText() + "'}\n"
                + "connections: []\nmetadata: {file_format: 1}\n";
        ImportResult r = Engine.loadDefault().grcImporter().importText(grc, "lengths.grc");
        assertTrue(r.report().attention().isEmpty(), String.join("\n", r.report().lines()));
        Value tags = VariableResolver.resolve(Map.of("t", r.graph().blocks().getFirst().params().get("tags")),
                Map.of()).values().get("t");
        List<String> want = new ArrayList<>();
        c.get("tags").forEach(t -> want.add(t.get(0).asLong() + " " + t.get(1).asText() + " " + t.get(2).asText()));
        assertEquals(want, sourceTags(c, tags));
    }

    /** The tags a repeated vector source of the case's vector puts on its first {@code items} items. */
    private static List<String> sourceTags(JsonNode c, Value tags) throws Exception {
        List<Value> vector = new ArrayList<>();
        c.get("vector").forEach(v -> vector.add(Value.of(v.asDouble())));
        int items = c.get("items").asInt();
        Map<String, Value> params = Map.of("type", Value.of("f32"), "vector", new Value.ListValue(vector),
                "repeat", Value.of(true), "vlen", Value.of(1L), "tags", tags);
        BlockHarness h = BlockHarness.of(new VectorSource().create(new BlockSetup("src", "vector_source", params,
                List.of(), List.of(), null))).chunk(4).maxCalls((items + 3) / 4).output(Dtype.F32, 1).run();
        return h.tags(0).stream().filter(t -> t.offset() < items)
                .map(t -> t.offset() + " " + t.key() + " " + t.value()).toList();
    }
}
