package org.sigflow.validate;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogException;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.Metadata;

/** A terse builder for validation tests: {@code graph().block("src", "sig_source").connect("src:out", "snk:in")}. */
final class TestGraph {
    static final Catalog CATALOG = loadFixture();

    private final Map<String, String> variables = new LinkedHashMap<>();
    private final List<BlockInstance> blocks = new ArrayList<>();
    private final List<Connection> connections = new ArrayList<>();

    static TestGraph graph() {
        return new TestGraph();
    }

    private static Catalog loadFixture() {
        try {
            return CatalogLoader.load(List.of(Path.of(TestGraph.class.getClassLoader()
                    .getResource("catalog-fixtures/validation").toURI())));
        } catch (CatalogException | URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    TestGraph variable(String name, String expression) {
        variables.put(name, expression);
        return this;
    }

    /** A block with params given as id, value pairs. */
    TestGraph block(String id, String type, String... params) {
        return block(id, type, BlockState.ENABLED, params);
    }

    TestGraph block(String id, String type, BlockState state, String... params) {
        Map<String, String> p = new LinkedHashMap<>();
        for (int i = 0; i < params.length; i += 2) {
            p.put(params[i], params[i + 1]);
        }
        blocks.add(new BlockInstance(id, type, p, state, 0, 0, 0, null));
        return this;
    }

    /** {@code connect("src:out", "snk:in")}. */
    TestGraph connect(String from, String to) {
        String[] f = from.split(":");
        String[] t = to.split(":");
        connections.add(new Connection(f[0], f[1], t[0], t[1]));
        return this;
    }

    Graph build() {
        return new Graph(Metadata.EMPTY, variables, blocks, connections, List.of());
    }

    ValidationResult validate() {
        return GraphValidator.validate(build(), CATALOG, Map.of());
    }

    /** The problems as their one-line texts. */
    List<String> problems() {
        return validate().problems().stream().map(Problem::toString).toList();
    }
}
