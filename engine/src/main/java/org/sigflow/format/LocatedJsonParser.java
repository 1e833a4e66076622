package org.sigflow.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses JSON text into a Jackson tree plus locations, with the streaming API only: no data binding, no
 * polymorphic typing, nothing in the file can name a class. Nesting depth and string/number lengths are capped.
 */
public final class LocatedJsonParser {
    private LocatedJsonParser() {}

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(GraphFormat.MAX_NESTING)
                    .maxStringLength(GraphFormat.MAX_STRING_LENGTH)
                    .maxNumberLength(400) // a double needs at most ~330 digits written plainly
                    .maxNameLength(10_000)
                    .build())
            .build();

    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(false);

    /** Parses {@code text}; a syntax error becomes a {@link GraphFormatException} with one located problem. */
    public static LocatedJson parse(String text, String source) throws GraphFormatException {
        Map<String, Location> locations = new HashMap<>();
        List<FormatProblem> duplicates = new ArrayList<>();
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw GraphFormatException.single(source, JsonPaths.ROOT, 1, 1, "the file is empty");
            }
            JsonNode root = new Builder(p, locations, duplicates).value(JsonPaths.ROOT);
            if (p.nextToken() != null) {
                JsonLocation l = p.currentTokenLocation();
                throw GraphFormatException.single(source, JsonPaths.ROOT, l.getLineNr(), l.getColumnNr(),
                        "unexpected text after the end of the graph object");
            }
            return new LocatedJson(root, locations, duplicates);
        } catch (JsonProcessingException e) {
            JsonLocation l = e.getLocation();
            int line = l == null ? 0 : Math.max(l.getLineNr(), 1);
            int col = l == null ? 0 : Math.max(l.getColumnNr(), 1);
            throw GraphFormatException.single(source, JsonPaths.ROOT, line, col, JsonSyntaxMessages.explain(e));
        } catch (IOException e) {
            // Parsing a String has no I/O; anything here is a parser-side failure we still report, not propagate.
            throw GraphFormatException.single(source, JsonPaths.ROOT, 1, 1, "the file is not valid JSON");
        }
    }

    private record Builder(JsonParser p, Map<String, Location> locations, List<FormatProblem> duplicates) {

        /** Reads the value at the current token, leaving the parser on its last token. */
        JsonNode value(String path) throws IOException {
            JsonLocation start = p.currentTokenLocation();
            Location here = new Location(start.getLineNr(), start.getColumnNr());
            locations.put(path, here);
            return switch (p.currentToken()) {
                case START_OBJECT -> object(path);
                case START_ARRAY -> array(path);
                case VALUE_STRING -> NODES.textNode(p.getText());
                case VALUE_NUMBER_INT -> switch (p.getNumberType()) {
                    case INT -> NODES.numberNode(p.getIntValue());
                    case LONG -> NODES.numberNode(p.getLongValue());
                    default -> NODES.numberNode(p.getBigIntegerValue());
                };
                case VALUE_NUMBER_FLOAT -> NODES.numberNode(p.getDoubleValue());
                case VALUE_TRUE -> NODES.booleanNode(true);
                case VALUE_FALSE -> NODES.booleanNode(false);
                case VALUE_NULL -> NODES.nullNode();
                default -> throw new IllegalStateException("unexpected token " + p.currentToken());
            };
        }

        private ObjectNode object(String path) throws IOException {
            ObjectNode node = NODES.objectNode();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonLocation keyAt = p.currentTokenLocation();
                p.nextToken();
                String child = JsonPaths.key(path, key);
                if (node.has(key)) {
                    duplicates.add(new FormatProblem(child, keyAt.getLineNr(), keyAt.getColumnNr(),
                            "the key \"" + key + "\" appears twice in the same object"));
                    Location firstAt = locations.get(child);
                    value(child);
                    locations.put(child, firstAt); // keep pointing at the first occurrence; its value is kept
                    continue;
                }
                node.set(key, value(child));
            }
            return node;
        }

        private ArrayNode array(String path) throws IOException {
            ArrayNode node = NODES.arrayNode();
            int i = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                node.add(value(JsonPaths.index(path, i++)));
            }
            return node;
        }
    }
}
