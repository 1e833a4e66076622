package org.sigflow.catalog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Loads the block catalog: every {@code *.json} file under the classpath folder {@code sigflow/catalog/}
 * (recursively), whether that folder is a directory (IDE, tests) or inside a jar (the {@code block-catalog}
 * module). All problems of all files are reported together. A start from the catalog jar reads the build-time
 * {@link CatalogIndex} instead while it matches the jar's files ({@code -Dsigflow.catalogIndex=off}: always parse).
 */
public final class CatalogLoader {
    private CatalogLoader() {}

    /** The classpath folder the catalog lives in. */
    public static final String RESOURCE_FOLDER = "sigflow/catalog";

    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build())
            .build())
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** The catalog on this class's class path. */
    public static Catalog loadDefault() throws CatalogException {
        return loadDefault(CatalogLoader.class.getClassLoader());
    }

    public static Catalog loadDefault(ClassLoader loader) throws CatalogException {
        List<URL> roots;
        try {
            // A set: the same folder can be reachable through two class path entries.
            roots = new ArrayList<>(new LinkedHashSet<>(Collections.list(loader.getResources(RESOURCE_FOLDER))));
        } catch (IOException e) {
            throw new CatalogException(List.of(new CatalogProblem(RESOURCE_FOLDER, "$",
                    "the class path cannot be searched: " + e.getMessage())));
        }
        // one catalog jar (an installed or built SigFlow): its build-time index, while it matches the jar's files
        if (roots.size() == 1 && roots.getFirst().getProtocol().equals("jar")
                && !"off".equals(System.getProperty("sigflow.catalogIndex"))) {
            List<BlockDef> indexed = CatalogIndex.readIfCurrent(loader, roots.getFirst());
            if (indexed != null) {
                return Catalog.of(indexed);
            }
        }
        return loadUrls(roots);
    }

    /** Loads from files and folders (folders are searched recursively for {@code *.json}). */
    public static Catalog load(List<Path> roots) throws CatalogException {
        Collector c = new Collector();
        for (Path root : roots) {
            c.root(root, "");
        }
        return c.finish();
    }

    /** Loads from {@code file:} and {@code jar:} URLs, each naming a {@code .json} file or a folder. */
    public static Catalog loadUrls(List<URL> roots) throws CatalogException {
        Collector c = new Collector();
        for (URL url : roots) {
            try {
                if (url.getProtocol().equals("jar")) {
                    c.jar(url);
                } else {
                    c.root(Path.of(url.toURI()), "");
                }
            } catch (URISyntaxException | IOException | IllegalArgumentException | UncheckedIOException e) {
                c.problems.add(new CatalogProblem(url.toString(), "$", "cannot be read: " + e.getMessage()));
            }
        }
        return c.finish();
    }

    /** Gathers blocks and problems over all files, then checks ids across files. */
    private static final class Collector {
        final List<CatalogProblem> problems = new ArrayList<>();
        final List<BlockDef> blocks = new ArrayList<>();
        final Map<String, String> fileOfId = new HashMap<>();

        void root(Path root, String prefix) {
            if (Files.isDirectory(root)) {
                List<Path> files;
                try (Stream<Path> walk = Files.walk(root)) {
                    files = walk.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".json"))
                            .sorted().toList();
                } catch (IOException | UncheckedIOException e) {
                    problems.add(new CatalogProblem(root.toString(), "$", "the folder cannot be read: "
                            + e.getMessage()));
                    return;
                }
                for (Path f : files) {
                    file(f, prefix + root.relativize(f).toString().replace('\\', '/'));
                }
            } else {
                file(root, prefix + root);
            }
        }

        void jar(URL url) throws IOException {
            String spec = url.toString(); // jar:file:/…/block-catalog.jar!/sigflow/catalog
            int bang = spec.indexOf("!/");
            Path jarFile;
            try {
                jarFile = Path.of(new URI(spec.substring(4, bang)));
            } catch (URISyntaxException e) {
                throw new IOException(e);
            }
            // A private file system per call: no clash with one another library has opened on the same jar.
            try (FileSystem fs = FileSystems.newFileSystem(jarFile)) {
                Path folder = fs.getPath(spec.substring(bang + 1));
                root(folder, jarFile.getFileName() + "!" + folder + "/");
            }
        }

        void file(Path f, String name) {
            JsonNode root;
            try {
                root = JSON.readTree(Files.readAllBytes(f));
            } catch (JsonProcessingException e) {
                JsonLocation l = e.getLocation();
                String at = l == null ? "" : " at line " + l.getLineNr() + ", column " + l.getColumnNr();
                problems.add(new CatalogProblem(name, "$", "not valid JSON" + at + ": " + e.getOriginalMessage()));
                return;
            } catch (IOException e) {
                problems.add(new CatalogProblem(name, "$", "cannot be read: " + e.getMessage()));
                return;
            }
            if (root == null || root.isMissingNode()) {
                problems.add(new CatalogProblem(name, "$", "the file is empty"));
                return;
            }
            for (BlockDef b : new CatalogEntryReader(name, problems).readFile(root)) {
                String other = fileOfId.putIfAbsent(b.id(), name);
                if (other != null) {
                    problems.add(new CatalogProblem(name, "$", "block id '" + b.id() + "' is already defined in "
                            + other));
                } else {
                    blocks.add(b);
                }
            }
        }

        Catalog finish() throws CatalogException {
            for (BlockDef b : blocks) {
                if (b.cpuTwin() != null && !fileOfId.containsKey(b.cpuTwin())) {
                    problems.add(new CatalogProblem(fileOfId.get(b.id()), "$.cpu_twin", "names block '" + b.cpuTwin()
                            + "', which is not in the catalog"));
                }
            }
            if (!problems.isEmpty()) {
                throw new CatalogException(problems);
            }
            return Catalog.of(blocks);
        }
    }
}
