package org.sigflow.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogLoaderTest {

    static Path fixture(String name) {
        try {
            URL url = CatalogLoaderTest.class.getClassLoader().getResource("catalog-fixtures/" + name);
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void loadsSingleBlockFilesAndBlockListsRecursively() throws Exception {
        Catalog c = CatalogLoader.load(List.of(fixture("valid")));
        assertEquals(List.of("add", "multiply_const", "sig_source"), c.all().stream().map(BlockDef::id).toList());
        assertEquals(List.of(List.of("Math Operators"), List.of("Sources")), c.categories());

        BlockDef src = c.find("sig_source").orElseThrow();
        assertEquals(Domain.CPU, src.domain());
        ParamDef type = src.param("type").orElseThrow();
        assertEquals(ParamType.ENUM, type.type());
        assertEquals("Complex", type.labelOf("cf32"));
        ParamDef freq = src.param("freq").orElseThrow();
        assertTrue(freq.runtime());
        assertEquals("Hz", freq.unit());
        assertEquals("General", freq.group());
        assertEquals(1.0, src.param("samp_rate").orElseThrow().min());
        assertEquals(null, src.param("samp_rate").orElseThrow().max());
        assertEquals(new PortDef("out", "$type", "1", null, false, "1"), src.outputs().getFirst());

        BlockDef add = c.find("add").orElseThrow();
        assertEquals("num_inputs", add.params().getFirst().label(), "label defaults to the id");
        assertEquals("num_inputs", add.inputs().getFirst().count());
        assertEquals(Domain.CUDA, add.inputs().getFirst().domain());
        assertEquals(1, c.find("multiply_const").orElseThrow().asserts().size());
        assertTrue(c.find("nope").isEmpty());
    }

    @Test
    void reportsEveryProblemWithItsFile() {
        CatalogException e = assertThrows(CatalogException.class, () -> CatalogLoader.load(List.of(fixture("broken"))));
        List<String> shown = e.problems().stream().map(CatalogProblem::toString).toList();
        assertEquals(List.of(
                "bad_entries.json $.blocks[0].colour: unknown key \"colour\" in a block (known: id, label, category, "
                        + "domain, cpu_twin, doc, params, inputs, outputs, asserts, "
                + "message_inputs, message_outputs, tags)",
                "bad_entries.json $.blocks[0].id: block id 'Bad-Id' must match [a-z][a-z0-9_]*",
                "bad_entries.json $.blocks[1]: the required key \"id\" is missing",
                "bad_entries.json $.blocks[1].domain: unknown domain 'gpu' (use cpu or cuda)",
                "bad_entries.json $.blocks[2].params[0].default: default 'cf64' is not one of the options "
                        + "[cf32, complex64]",
                "bad_entries.json $.blocks[2].params[1].type: unknown param type 'integer' (known: int, real, "
                        + "complex, bool, string, file, enum, real_list, complex_list, complex_lists)",
                "bad_entries.json $.blocks[2].params[2].range: min 2.0 is greater than max 1.0",
                "bad_entries.json $.blocks[2].inputs[0].dtype: unknown dtype 'c64' (known: cf32, f32, s16, s32, cs16, "
                        + "s8, cs8, u8, or $param)",
                "bad_entries.json $.blocks[2].outputs[0].dtype: '$type' must name an enum param of this block whose "
                        + "options are dtypes",
                "bad_entries.json $.blocks[2].outputs[1].dtype: '$gain' must name an enum param of this block "
                        + "whose options are dtypes"), shown.subList(0, 10));
        assertEquals(11, shown.size());
        assertTrue(shown.get(10).startsWith("bad_json.json $: not valid JSON at line 2, column 1: "), shown.get(10));
    }

    @Test
    void enumWhoseOptionsAreNotAllDtypesCannotTypeAPort(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("x.json"), """
                {"id": "x", "label": "X", "domain": "cpu",
                 "params": [{"id": "type", "type": "enum", "options": ["cf32", "complex64"]}],
                 "outputs": [{"name": "out", "dtype": "$type"}]}
                """);
        CatalogException e = assertThrows(CatalogException.class, () -> CatalogLoader.load(List.of(dir)));
        assertEquals("x.json $.outputs[0].dtype: '$type' names param 'type' whose options [complex64] are not dtypes",
                e.problems().getFirst().toString());
    }

    @Test
    void aCpuTwinMustExistAndBelongToACudaBlock(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("x.json"), """
                {"blocks": [{"id": "x_cuda", "label": "X", "domain": "cuda", "cpu_twin": "x"},
                            {"id": "y", "label": "Y", "domain": "cpu", "cpu_twin": "x_cuda"}]}
                """);
        CatalogException e = assertThrows(CatalogException.class, () -> CatalogLoader.load(List.of(dir)));
        assertEquals(List.of("x.json $.blocks[1].cpu_twin: only a CUDA block (domain cuda) names a CPU twin",
                "x.json $.cpu_twin: names block 'x', which is not in the catalog"),
                e.problems().stream().map(CatalogProblem::toString).toList());
    }

    @Test
    void tagsAreReadAndMustBeStrings(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("x.json"), """
                {"blocks": [{"id": "x", "label": "X", "domain": "cpu", "tags": ["low pass", "audio"]},
                            {"id": "y", "label": "Y", "domain": "cpu"}]}
                """);
        Catalog c = CatalogLoader.load(List.of(dir));
        assertEquals(List.of("low pass", "audio"), c.find("x").orElseThrow().tags());
        assertEquals(List.of(), c.find("y").orElseThrow().tags(), "an entry without tags has none");
        Files.writeString(dir.resolve("x.json"), """
                {"id": "x", "label": "X", "domain": "cpu", "tags": "audio"}
                """);
        CatalogException e = assertThrows(CatalogException.class, () -> CatalogLoader.load(List.of(dir)));
        assertEquals("x.json $.tags: \"tags\" must be a list of strings", e.problems().getFirst().toString());
    }

    @Test
    void catalogExpressionsAreSyntaxChecked(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("x.json"), """
                {"id": "x", "label": "X", "domain": "cpu",
                 "params": [{"id": "n", "type": "int", "default": "2 +"}],
                 "outputs": [{"name": "out", "dtype": "f32", "vlen": "n *"}]}
                """);
        CatalogException e = assertThrows(CatalogException.class, () -> CatalogLoader.load(List.of(dir)));
        assertEquals(List.of("$.params[0].default", "$.outputs[0].vlen"),
                e.problems().stream().map(CatalogProblem::path).toList());
        assertTrue(e.problems().getFirst().message().startsWith("invalid expression '2 +': "));
    }

    @Test
    void duplicateIdsAcrossFilesAreReported() {
        CatalogException e = assertThrows(CatalogException.class,
                () -> CatalogLoader.load(List.of(fixture("duplicate"))));
        assertEquals("b.json $: block id 'same' is already defined in a.json", e.problems().getFirst().toString());
    }

    @Test
    void loadsFromAJarOnTheClassPath(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("block-catalog.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String folder : List.of("sigflow/", "sigflow/catalog/", "sigflow/catalog/sources/")) {
                out.putNextEntry(new JarEntry(folder));
                out.closeEntry();
            }
            put(out, "sigflow/catalog/sources/sig_source.json", fixture("valid/sources/sig_source.json"));
            put(out, "sigflow/catalog/math.json", fixture("valid/math.json"));
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            Catalog c = CatalogLoader.loadDefault(loader);
            assertEquals(List.of("add", "multiply_const", "sig_source"),
                    c.all().stream().map(BlockDef::id).toList());
        }
    }

    private static void put(JarOutputStream out, String name, Path file) throws Exception {
        out.putNextEntry(new JarEntry(name));
        out.write(Files.readAllBytes(file));
        out.closeEntry();
    }

    @Test
    void theRealCatalogLoads() throws Exception {
        // Whatever entries exist in block-catalog right now must form a valid catalog.
        Catalog c = CatalogLoader.loadDefault();
        c.all().forEach(b -> assertTrue(b.id().matches("[a-z][a-z0-9_]*")));
    }
}
