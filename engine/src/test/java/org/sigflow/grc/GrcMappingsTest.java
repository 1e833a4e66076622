package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogLoader;

/** The mapping files beside the catalog: each names a catalog block, and all of them load. */
class GrcMappingsTest {

    @Test
    void everyMappingFileBelongsToACatalogBlockAndLoads() throws Exception {
        Catalog catalog = CatalogLoader.loadDefault();
        GrcMappings mappings = GrcMappings.load(catalog);       // throws listing every problem
        // the source folder: in a reactor build the class path has the block-catalog jar, not the folder
        Path folder = Path.of("..", "block-catalog", "src", "main", "resources", "sigflow", "grc");
        List<String> files;
        try (Stream<Path> s = Files.list(folder)) {
            files = s.map(p -> p.getFileName().toString()).filter(n -> !n.equals("_values.json")).sorted().toList();
        }
        assertTrue(files.size() >= 40, files.toString());
        for (String f : files) {
            assertTrue(f.endsWith(".json") && catalog.find(f.substring(0, f.length() - 5)).isPresent(),
                    f + " is not named after a catalog block, so the importer never reads it");
        }
        assertTrue(mappings.grcIds().size() >= 45, mappings.grcIds().toString());
        assertEquals("magnitude", mappings.find("blocks_complex_to_mag_squared").orElseThrow().block());
        assertEquals("2", mappings.find("blocks_complex_to_mag_squared").orElseThrow().set().get("exponent"));
    }

    /** {@code append} (adding a GRC value to a string, as SoapySDR device arguments) only fits a string param. */
    @Test
    void appendToANonStringParamIsAMappingError() {
        String bad = """
                {"block": "soapy_source", "grc": [{"id": "x", "params": {"gain": {"to": "gain", "append": ","}}}]}
                """;
        ClassLoader loader = new ClassLoader(GrcMappingsTest.class.getClassLoader()) {
            @Override
            public java.io.InputStream getResourceAsStream(String name) {
                return name.equals(GrcMappings.FOLDER + "soapy_source.json")
                        ? new java.io.ByteArrayInputStream(bad.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                        : super.getResourceAsStream(name);
            }
        };
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> GrcMappings.load(CatalogLoader.loadDefault(), loader));
        assertTrue(e.getMessage().contains(
                "soapy_source.json (x) param gain: append needs a string param, gain is not one"), e.getMessage());
    }
}
