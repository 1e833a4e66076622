package org.sigflow.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build-time catalog index equals the catalog parsed from its JSON files, and it is used only while the catalog
 * jar holds exactly the files it was made from: a changed file makes the loader parse the files again.
 */
class CatalogIndexTest {
    @TempDir
    Path tmp;

    private static List<URL> catalogRoots() throws Exception {
        return Collections.list(CatalogIndexTest.class.getClassLoader().getResources(CatalogLoader.RESOURCE_FOLDER));
    }

    @Test
    void theBuildsIndexEqualsTheParsedCatalog() throws Exception {
        List<URL> roots = catalogRoots();
        assertEquals(1, roots.size(), roots.toString());
        List<BlockDef> parsed = CatalogLoader.loadUrls(roots).all();
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(CatalogIndex.RESOURCE)) {
            assertNotNull(in, "the engine build makes " + CatalogIndex.RESOURCE);
            List<BlockDef> indexed = CatalogIndex.read(in, CatalogIndex.listing(roots.getFirst()));
            assertNotNull(indexed, "the index was made from the catalog files now on the class path");
            assertTrue(parsed.size() > 150, "blocks: " + parsed.size());
            assertEquals(parsed, indexed);
        }
    }

    @Test
    void writingAndReadingGivesBackEveryBlockAndAnotherListingGivesNothing() throws Exception {
        List<BlockDef> parsed = CatalogLoader.loadUrls(catalogRoots()).all();
        byte[] index = CatalogIndex.write(parsed, "a.json 10 123\n");
        assertEquals(parsed, CatalogIndex.read(new ByteArrayInputStream(index), "a.json 10 123\n"));
        assertNull(CatalogIndex.read(new ByteArrayInputStream(index), "a.json 11 456\n"));
        assertNull(CatalogIndex.read(new ByteArrayInputStream(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}), ""));
    }

    @Test
    void aJarCatalogUsesItsIndexUntilAFileChanges() throws Exception {
        // under mvn verify the catalog is block-catalog's jar, under mvn test its classes folder
        java.net.URI uri = catalogRoots().getFirst().toURI();
        java.nio.file.FileSystem zip = null;
        if (uri.getScheme().equals("jar")) {
            try {
                zip = java.nio.file.FileSystems.newFileSystem(uri, java.util.Map.of());
            } catch (java.nio.file.FileSystemAlreadyExistsException e) {
                // open already: Path.of finds it
            }
        }
        try {
            jarCatalogUsesItsIndex(Path.of(uri));
        } finally {
            if (zip != null) {
                zip.close();
            }
        }
    }

    private void jarCatalogUsesItsIndex(Path folder) throws Exception {
        List<Path> files;
        try (var walk = Files.walk(folder)) {
            files = walk.filter(p -> p.toString().endsWith(".json")).sorted().limit(3).toList();
        }
        Path jar = tmp.resolve("block-catalog.jar");
        writeJar(jar, folder, files, "");
        URL root = new URL("jar:" + jar.toUri() + "!/" + CatalogLoader.RESOURCE_FOLDER);
        List<BlockDef> parsed = CatalogLoader.loadUrls(List.of(root)).all();
        // an index with a marked label, made from the jar's files as they are
        List<BlockDef> marked = new ArrayList<>();
        for (BlockDef b : parsed) {
            marked.add(new BlockDef(b.id(), "from the index", b.category(), b.domain(), b.cpuTwin(), b.doc(),
                    b.params(), b.inputs(), b.outputs(), b.asserts(), b.messageInputs(), b.messageOutputs(),
                    b.tags()));
        }
        Path indexDir = tmp.resolve("engine");
        Files.createDirectories(indexDir.resolve("sigflow"));
        Files.write(indexDir.resolve(CatalogIndex.RESOURCE), CatalogIndex.write(marked, CatalogIndex.listing(root)));
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL(), indexDir.toUri().toURL()},
                null)) {
            assertEquals(marked, CatalogLoader.loadDefault(loader).all(), "the index is read");
        }
        writeJar(jar, folder, files, " "); // one file changed (a trailing space): the index is stale
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL(), indexDir.toUri().toURL()},
                null)) {
            assertEquals(parsed, CatalogLoader.loadDefault(loader).all(), "the files are parsed");
        }
    }

    /** A jar of the catalog files under sigflow/catalog/, the first one with {@code extra} appended. */
    private static void writeJar(Path jar, Path folder, List<Path> files, String extra) throws Exception {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            java.util.Set<String> dirs = new java.util.TreeSet<>(); // folder entries, as a built jar has them
            for (Path f : files) {
                String name = CatalogLoader.RESOURCE_FOLDER + "/" + folder.relativize(f).toString().replace('\\', '/');
                for (int at = name.indexOf('/'); at >= 0; at = name.indexOf('/', at + 1)) {
                    dirs.add(name.substring(0, at + 1));
                }
            }
            for (String d : dirs) {
                out.putNextEntry(new JarEntry(d));
                out.closeEntry();
            }
            for (int i = 0; i < files.size(); i++) {
                out.putNextEntry(new JarEntry(CatalogLoader.RESOURCE_FOLDER + "/"
                        + folder.relativize(files.get(i)).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(files.get(i)));
                if (i == 0) {
                    out.write(extra.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                }
                out.closeEntry();
            }
        }
    }
}
