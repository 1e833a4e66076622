package org.sigflow.grc;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;

/**
 * Every GRC mapping, found beside the catalog: for each catalog block {@code X}, the optional resource
 * {@code sigflow/grc/X.json} lists the GRC block types that become {@code X}; {@code sigflow/grc/_values.json}
 * holds value maps shared by several mappings (referenced as {@code "@name"}). No central list of ids: a new block
 * brings its own file. A malformed mapping file is a packaging bug and fails loading with every problem listed.
 */
public final class GrcMappings {
    static final String FOLDER = "sigflow/grc/";
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private final Map<String, GrcMapping> byGrcId;

    private GrcMappings(Map<String, GrcMapping> byGrcId) {
        this.byGrcId = Collections.unmodifiableMap(byGrcId);
    }

    public static GrcMappings load(Catalog catalog) {
        return load(catalog, GrcMappings.class.getClassLoader());
    }

    static GrcMappings load(Catalog catalog, ClassLoader loader) {
        List<String> problems = new ArrayList<>();
        JsonNode shared = read(loader, FOLDER + "_values.json", problems);
        Map<String, GrcMapping> byGrcId = new LinkedHashMap<>();
        for (BlockDef def : catalog.all()) {
            String file = FOLDER + def.id() + ".json";
            JsonNode root = read(loader, file, problems);
            if (root == null) {
                continue;
            }
            if (!def.id().equals(root.path("block").asText())) {
                problems.add(file + ": \"block\" must be \"" + def.id() + "\"");
            }
            for (JsonNode m : root.path("grc")) {
                GrcMapping mapping = mapping(m, def, shared, file, problems);
                if (mapping != null && byGrcId.putIfAbsent(mapping.grcId(), mapping) != null) {
                    problems.add(file + ": GRC id '" + mapping.grcId() + "' is mapped twice");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("GRC mapping files are invalid:\n  " + String.join("\n  ", problems));
        }
        return new GrcMappings(byGrcId);
    }

    public Optional<GrcMapping> find(String grcId) {
        return Optional.ofNullable(byGrcId.get(grcId));
    }

    /** GRC block type ids that have a mapping, in file order. */
    public List<String> grcIds() {
        return List.copyOf(byGrcId.keySet());
    }

    private static JsonNode read(ClassLoader loader, String resource, List<String> problems) {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            return in == null ? null : JSON.readTree(in);
        } catch (IOException e) {
            problems.add(resource + ": " + e.getMessage());
            return null;
        }
    }

    private static GrcMapping mapping(JsonNode m, BlockDef def, JsonNode shared, String file, List<String> problems) {
        String grcId = m.path("id").asText("");
        if (grcId.isEmpty()) {
            problems.add(file + ": a mapping without \"id\"");
            return null;
        }
        String where = file + " (" + grcId + ")";
        Map<String, List<GrcMapping.Rule>> params = new LinkedHashMap<>();
        m.path("params").properties().forEach(e -> {
            List<GrcMapping.Rule> rules = new ArrayList<>();
            JsonNode spec = e.getValue();
            for (JsonNode r : spec.isArray() ? spec : List.of(spec)) {
                GrcMapping.Rule rule = rule(r, def, shared, where + " param " + e.getKey(), problems);
                if (rule != null) {
                    rules.add(rule);
                }
            }
            params.put(e.getKey(), rules);
        });
        Map<String, String> set = new LinkedHashMap<>();
        m.path("set").properties().forEach(e -> {
            checkTarget(def, e.getKey(), where + " set", problems);
            set.put(e.getKey(), e.getValue().asText());
        });
        Map<String, List<String>> ignore = new HashMap<>();
        m.path("ignore").properties().forEach(e -> ignore.put(e.getKey(),
                e.getValue().isNull() ? null : names(e.getValue())));
        String channels = m.hasNonNull("channels") ? m.get("channels").asText() : null;
        if (channels != null) {
            ignore.putIfAbsent(channels, null); // the count itself is carried by the number of blocks
        }
        return new GrcMapping(grcId, def.id(), params, set, ignore, names(m.get("inputs")), names(m.get("outputs")),
                channels);
    }

    private static GrcMapping.Rule rule(JsonNode r, BlockDef def, JsonNode shared, String where,
                                        List<String> problems) {
        String to = r.isTextual() ? r.asText() : r.path("to").asText("");
        if (!checkTarget(def, to, where, problems)) {
            return null;
        }
        Map<String, String> map = valueMap(r.path("values"), def, to, shared, where, problems);
        Map<String, GrcMapping.Call> calls = new LinkedHashMap<>();
        JsonNode callsNode = shared(r.path("calls"), shared, where, problems);
        callsNode.properties().forEach(e -> {
            JsonNode c = e.getValue();
            Map<String, String> set = new LinkedHashMap<>();
            c.path("set").properties().forEach(p -> {
                checkTarget(def, p.getKey(), where + " call " + e.getKey(), problems);
                set.put(p.getKey(), p.getValue().asText());
            });
            List<String> args = new ArrayList<>();
            c.path("args").forEach(a -> {
                if (!a.asText().equals(GrcMapping.Call.DROPPED)) {
                    checkTarget(def, a.asText(), where + " call " + e.getKey(), problems);
                }
                args.add(a.asText());
            });
            Map<String, Map<String, String>> argValues = new LinkedHashMap<>();
            c.path("argValues").properties().forEach(p -> {
                if (checkTarget(def, p.getKey(), where + " call " + e.getKey(), problems)) {
                    argValues.put(p.getKey(), valueMap(p.getValue(), def, p.getKey(), shared, where, problems));
                }
            });
            List<String> names = new ArrayList<>();
            c.path("names").forEach(a -> names.add(a.asText()));
            if (!names.isEmpty() && names.size() != args.size()) {
                problems.add(where + " call " + e.getKey() + ": names must name each of the " + args.size() + " args");
            }
            calls.put(e.getKey(), new GrcMapping.Call(set, args, argValues, names));
        });
        String template = r.path("template").isTextual() ? r.path("template").asText() : null;
        if (template != null && !template.contains("{}") && !template.equals(GrcMapping.JOIN)) {
            problems.add(where + ": template '" + template + "' has no {} for the value");
        }
        String onlyIf = r.path("onlyIf").isTextual() ? r.path("onlyIf").asText() : null;
        if (onlyIf != null && (onlyIf.indexOf('=') < 1 || !checkTarget(def, onlyIf.substring(0, onlyIf.indexOf('=')),
                where + " onlyIf", problems))) {
            problems.add(where + ": onlyIf '" + onlyIf + "' is not param=value");
        }
        String append = r.path("append").isTextual() ? r.path("append").asText() : null;
        if (append != null && def.param(to).map(d -> d.type() != ParamType.STRING).orElse(false)) {
            problems.add(where + ": append needs a string param, " + to + " is not one");
        }
        return new GrcMapping.Rule(to, map, calls, template, onlyIf, append);
    }

    /**
     * {@code node}, or the shared entry it names as {@code "@name"}; an object with {@code "@include": "name"} is
     * that shared entry plus its own entries (a sink's windows: the shared ones and GRC's flat-top).
     */
    private static JsonNode shared(JsonNode node, JsonNode shared, String where, List<String> problems) {
        if (node.isObject() && node.has("@include")) {
            JsonNode base = shared(node.get("@include").isTextual() ? JSON.getNodeFactory().textNode("@"
                    + node.get("@include").asText()) : node.get("@include"), shared, where, problems);
            com.fasterxml.jackson.databind.node.ObjectNode merged = JSON.createObjectNode();
            if (base.isObject()) {
                merged.setAll((com.fasterxml.jackson.databind.node.ObjectNode) base);
            }
            node.properties().forEach(e -> {
                if (!e.getKey().equals("@include")) {
                    merged.set(e.getKey(), e.getValue());
                }
            });
            return merged;
        }
        if (node.isTextual() && node.asText().startsWith("@")) {
            String name = node.asText().substring(1);
            JsonNode found = shared == null ? null : shared.get(name);
            if (found == null || !found.isObject()) {
                problems.add(where + ": shared entry '" + name + "' is not in _values.json");
                return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
            }
            return found;
        }
        return node;
    }

    private static Map<String, String> valueMap(JsonNode node, BlockDef def, String to, JsonNode shared,
                                                String where, List<String> problems) {
        Map<String, String> map = new LinkedHashMap<>();
        shared(node, shared, where, problems).properties().forEach(e -> map.put(e.getKey(), e.getValue().asText()));
        ParamDef target = def.param(to).orElseThrow();
        if (target.type() == ParamType.ENUM) {
            for (String v : map.values()) {
                if (!target.options().contains(v)) {
                    problems.add(where + ": value '" + v + "' is not an option of " + def.id() + "." + to);
                }
            }
        }
        return map;
    }

    private static boolean checkTarget(BlockDef def, String to, String where, List<String> problems) {
        if (def.param(to).isEmpty()) {
            problems.add(where + ": '" + to + "' is not a param of " + def.id());
            return false;
        }
        return true;
    }

    private static List<String> names(JsonNode n) {
        if (n == null || !n.isArray()) {
            return null;
        }
        List<String> out = new ArrayList<>();
        n.forEach(e -> out.add(e.asText()));
        return out;
    }
}
