package org.sigflow.format;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.sigflow.graph.Graph;

/** Damaged files give a Graph or a GraphFormatException with a located problem, never any other exception. */
class GraphMutationProperties {

    private static final String SYNTAX = "{}[],:\"\\0-e.";

    private final GraphReader reader = new GraphReader();

    @Provide
    Arbitrary<Graph> graphs() {
        return GraphArbitraries.graphs();
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    private void readsCleanly(byte[] bytes) {
        try {
            assertNotNull(reader.read(bytes, "mutated.graph").graph());
        } catch (GraphFormatException e) {
            assertFalse(e.problems().isEmpty());
            assertTrue(e.problems().stream().allMatch(FormatProblem::isLocated), e.getMessage());
        }
    }

    @Property(tries = 100)
    void truncatedFiles(@ForAll("graphs") Graph g, @ForAll("seeds") long seed) {
        byte[] b = new GraphWriter().writeBytes(g);
        readsCleanly(Arrays.copyOf(b, new Random(seed).nextInt(b.length)));
    }

    @Property(tries = 100)
    void flippedBytes(@ForAll("graphs") Graph g, @ForAll("seeds") long seed) {
        byte[] b = new GraphWriter().writeBytes(g);
        Random r = new Random(seed);
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
            b[r.nextInt(b.length)] = switch (r.nextInt(4)) {
                case 0 -> (byte) r.nextInt(256);
                case 1 -> (byte) SYNTAX.charAt(r.nextInt(SYNTAX.length()));
                case 2 -> (byte) (b[r.nextInt(b.length)] ^ 0x20);
                default -> (byte) ' ';
            };
        }
        readsCleanly(b);
    }

    @Property(tries = 100)
    void treeMutations(@ForAll("graphs") Graph g, @ForAll("seeds") long seed) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode root = json.readTree(new GraphWriter().write(g));
        Random r = new Random(seed);
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
            mutate(root, r);
        }
        readsCleanly(json.writerWithDefaultPrettyPrinter().writeValueAsString(root).getBytes(StandardCharsets.UTF_8));
    }

    /** Deletes a key, or replaces a value with one of another type, at a random place in the tree. */
    private static void mutate(JsonNode root, Random r) {
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        JsonNode target = containers.get(r.nextInt(containers.size()));
        JsonNode replacement = switch (r.nextInt(7)) {
            case 0 -> JsonNodeFactory.instance.nullNode();
            case 1 -> JsonNodeFactory.instance.numberNode(r.nextInt(400) - 100);
            case 2 -> JsonNodeFactory.instance.numberNode(r.nextDouble() * 1e308 * 10);
            case 3 -> JsonNodeFactory.instance.textNode("x");
            case 4 -> JsonNodeFactory.instance.arrayNode().add(1);
            case 5 -> JsonNodeFactory.instance.objectNode().put("k", true);
            default -> null; // delete
        };
        if (target instanceof ObjectNode o && !o.isEmpty()) {
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            String key = keys.get(r.nextInt(keys.size()));
            if (replacement == null) {
                o.remove(key);
            } else {
                o.set(key, replacement);
            }
        } else if (target instanceof ArrayNode a && !a.isEmpty()) {
            int i = r.nextInt(a.size());
            if (replacement == null) {
                a.remove(i);
            } else {
                a.set(i, replacement);
            }
        }
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode()) {
            out.add(n);
            n.forEach(c -> collect(c, out));
        }
    }
}
