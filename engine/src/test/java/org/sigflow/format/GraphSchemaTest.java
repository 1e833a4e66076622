package org.sigflow.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.Graph;

/** The shipped schema and the reader agree on what a valid file is. */
class GraphSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchema SCHEMA = loadSchema();

    private static JsonSchema loadSchema() {
        try (InputStream in = GraphSchemaTest.class.getClassLoader().getResourceAsStream(GraphFormat.SCHEMA_RESOURCE)) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static Set<ValidationMessage> schemaErrors(String text) throws IOException {
        return SCHEMA.validate(JSON.readTree(text));
    }

    @Provide
    Arbitrary<Graph> graphs() {
        return GraphArbitraries.graphs();
    }

    @Property(tries = 60)
    void writtenFilesMatchTheSchema(@ForAll("graphs") Graph g) throws IOException {
        assertEquals(Set.of(), schemaErrors(new GraphWriter().write(g)));
    }

    @Test
    void sampleFilesMatchTheSchemaAndOpen() throws Exception {
        List<Path> samples = new ArrayList<>();
        for (Path folder : List.of(Path.of("src/test/resources/graphs"), Path.of("../sample-graphs"))) {
            if (Files.isDirectory(folder)) {
                try (Stream<Path> walk = Files.walk(folder)) {
                    walk.filter(p -> p.toString().endsWith(".graph")).forEach(samples::add);
                }
            }
        }
        assertTrue(!samples.isEmpty(), "the test samples are found");
        for (Path p : samples) {
            assertEquals(Set.of(), schemaErrors(Files.readString(p)), p.toString());
            new GraphReader().read(p);
        }
    }

    @Test
    void bothRejectTheSameBrokenFiles() throws IOException {
        List<String> broken = List.of(
                "{\"format\": \"sigflow-graph\", \"version\": 1}",
                "{\"format\": \"sigflow-graph\", \"version\": 1, \"blocks\": [{\"id\": \"a\"}]}",
                "{\"format\": \"sigflow-graph\", \"version\": 1, \"blocks\": [{\"id\": \"1a\", \"type\": \"t\"}]}",
                "{\"format\": \"sigflow-graph\", \"version\": 1, \"blocks\": [{\"id\": \"a\", \"type\": \"t\", "
                        + "\"state\": \"off\"}]}",
                "{\"format\": \"sigflow-graph\", \"version\": 1, \"blocks\": [{\"id\": \"a\", \"type\": \"t\", "
                        + "\"rotation\": 45}]}",
                "{\"format\": \"sigflow-graph\", \"version\": 1, \"blocks\": [{\"id\": \"a\", \"type\": \"t\", "
                        + "\"params\": {\"n\": 3}}]}",
                "{\"format\": \"sigflow-graph\", \"version\": 1, \"blocks\": [], \"variables\": {\"a b\": \"1\"}}",
                "{\"format\": \"sigflow-graph\", \"version\": 1, \"blocks\": [], \"connections\": [{}]}",
                "{\"format\": \"sigflow-graph\", \"version\": 1, \"blocks\": [], \"views\": [{\"id\": \"v\", "
                        + "\"kind\": \"time\", \"width\": -1, \"height\": 1}]}",
                "{\"format\": \"sigflow-graph\", \"version\": 2, \"blocks\": []}",
                "{\"format\": \"other\", \"version\": 1, \"blocks\": []}");
        for (String text : broken) {
            assertTrue(!schemaErrors(text).isEmpty(), "schema rejects " + text);
            assertThrows(GraphFormatException.class, () -> new GraphReader().read(text, "t"), text);
        }
    }
}
