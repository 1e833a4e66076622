package org.sigflow.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockRegistry;
import org.sigflow.runtime.BlockSetup;

/**
 * The catalog entries of the blocks in this package agree with their implementations: an entry per factory, port
 * dtypes that name dtype enums, and a block that builds from the entry's default params (so every param the factory
 * reads exists, with a value of the right type).
 */
class CatalogEntriesTest {

    private static Map<String, JsonNode> catalog() throws IOException, URISyntaxException {
        Path root = Path.of(CatalogEntriesTest.class.getClassLoader().getResource("sigflow/catalog").toURI());
        Map<String, JsonNode> byId = new HashMap<>();
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                JsonNode node = json.readTree(f.toFile());
                for (JsonNode b : node.has("blocks") ? node.get("blocks") : List.of(node)) {
                    byId.put(b.get("id").asText(), b);
                }
            }
        }
        return byId;
    }

    @Test
    void everyBlockHereBuildsFromItsCatalogDefaults() throws Exception {
        Map<String, JsonNode> catalog = catalog();
        List<String> checked = new ArrayList<>();
        BlockRegistry registry = BlockRegistry.load();
        for (String id : registry.ids()) {
            BlockFactory factory = registry.find(id).orElseThrow();
            if (!factory.getClass().getPackageName().startsWith("org.sigflow.blocks.")) {
                continue;
            }
            JsonNode entry = catalog.get(id);
            assertNotNull(entry, "no catalog entry for " + id);
            Map<String, Value> params = new HashMap<>();
            Map<String, JsonNode> paramNodes = new HashMap<>();
            for (JsonNode p : entry.get("params")) {
                paramNodes.put(p.get("id").asText(), p);
                params.put(p.get("id").asText(), defaultValue(p));
            }
            for (String ports : new String[] {"inputs", "outputs"}) {
                for (JsonNode port : entry.path(ports)) {
                    String dtype = port.get("dtype").asText();
                    if (dtype.startsWith("$")) {
                        JsonNode enumParam = paramNodes.get(dtype.substring(1));
                        assertNotNull(enumParam, id + ": port dtype " + dtype + " names no param");
                        assertEquals("enum", enumParam.get("type").asText(), id + ": " + dtype + " is not an enum");
                        enumParam.get("options").forEach(o -> assertNotNull(Dtype.fromId(o.asText()), id + ": option " + o));
                    } else {
                        assertNotNull(Dtype.fromId(dtype), id + ": unknown dtype " + dtype);
                    }
                }
            }
            try {
                assertNotNull(factory.create(new BlockSetup(id + "_0", id, params, List.of(), List.of(), Path.of("."))));
            } catch (Exception e) {
                fail(id + " does not build from its catalog defaults " + params + ": " + e, e);
            }
            checked.add(id);
        }
        assertTrue(checked.size() >= 20, "expected all plumbing/math blocks, got " + checked);
    }

    /** The few default expressions these entries use: literals, a list of numbers, and the samp_rate variable. */
    private static Value defaultValue(JsonNode param) {
        String d = param.get("default").asText().trim();
        String type = param.get("type").asText();
        if (type.equals("enum")) {
            return Value.of(d);
        }
        if (d.equals("true") || d.equals("false")) {
            return Value.of(Boolean.parseBoolean(d));
        }
        if (d.startsWith("'") && d.endsWith("'")) {
            return Value.of(d.substring(1, d.length() - 1));
        }
        if (d.equals("samp_rate")) {
            return Value.of(32000.0);
        }
        if (d.startsWith("[")) {
            List<Value> items = new ArrayList<>();
            for (String s : d.substring(1, d.length() - 1).split(",")) {
                if (!s.isBlank()) {
                    items.add(Value.of(Long.parseLong(s.trim())));
                }
            }
            return new Value.ListValue(items);
        }
        return d.matches("-?\\d+") ? Value.of(Long.parseLong(d)) : Value.of(Double.parseDouble(d));
    }
}
