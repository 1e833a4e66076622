package org.sigflow.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.catalog.Dtype;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.catalog.PortDef;
import org.sigflow.expr.Expressions;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockRegistry;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.PortSpec;

/**
 * The shipped catalog and the implementations on the class path agree: every entry has a factory, every factory an
 * entry, and every block builds from its entry's default parameters (so each param the factory reads exists, with
 * a value of the type the entry declares).
 */
class CatalogImplementationTest {
    private static Catalog catalog;
    private static BlockRegistry registry;

    @BeforeAll
    static void load() throws Exception {
        catalog = CatalogLoader.loadDefault();
        registry = BlockRegistry.load();
    }

    @Test
    void everyEntryHasAnImplementationAndEveryImplementationAnEntry() {
        TreeSet<String> entries = new TreeSet<>();
        catalog.all().forEach(b -> entries.add(b.id()));
        TreeSet<String> missingImpl = new TreeSet<>(entries);
        missingImpl.removeAll(registry.ids());
        TreeSet<String> missingEntry = new TreeSet<>(registry.ids());
        missingEntry.removeAll(entries);
        assertEquals(List.of(), List.copyOf(missingImpl), "catalog entries without an implementation");
        assertEquals(List.of(), List.copyOf(missingEntry), "implementations without a catalog entry");
        assertTrue(entries.size() >= 30, "catalog: " + entries);
    }

    @Test
    void everyBlockBuildsFromItsCatalogDefaults() throws Exception {
        List<String> failures = new ArrayList<>();
        for (BlockDef def : catalog.all()) {
            if (org.sigflow.hier.HierPads.isInterface(def.id())) {
                continue; // refuse to build on their own by design (HierFlattenTest.aHierFileRunOnItsOwn…)
            }
            try {
                Map<String, Value> params = defaults(def);
                BlockSetup setup = new BlockSetup(def.id() + "_0", def.id(), params, ports(def.inputs(), params),
                        ports(def.outputs(), params), Path.of("."));
                assertNotNull(registry.find(def.id()).orElseThrow().create(setup));
            } catch (Exception | AssertionError e) {
                failures.add(def.id() + ": " + e);
            }
        }
        assertEquals(List.of(), failures);
    }

    /** An existing empty file, for file params (whose defaults are empty: the user must choose a file). */
    @TempDir
    static Path tmp;

    private static Map<String, Value> defaults(BlockDef def) throws Exception {
        Map<String, Value> scope = Map.of("samp_rate", Value.of(32000.0)); // the one variable defaults may name
        Map<String, Value> params = new HashMap<>();
        for (ParamDef p : def.params()) {
            Value v = p.type() == ParamType.ENUM ? Value.of(p.defaultValue())
                    : Expressions.evaluate(p.defaultValue(), scope);
            if (p.type() == ParamType.FILE) {
                v = Value.of(Files.createTempFile(tmp, def.id(), ".bin").toString());
            }
            if (p.type() == ParamType.REAL && v instanceof Value.Int i) {
                v = Value.of((double) i.value());
            }
            params.put(p.id(), v);
        }
        return params;
    }

    private static List<PortSpec> ports(List<PortDef> defs, Map<String, Value> params) throws Exception {
        List<PortSpec> out = new ArrayList<>();
        for (PortDef d : defs) {
            String id = d.dtypeFromParam() ? params.get(d.dtypeParam()).asString() : d.dtype();
            Dtype dtype = Dtype.fromId(id.equals(PortDef.SAME_AS_TYPE) ? params.get("type").asString() : id);
            assertNotNull(dtype, "dtype of port " + d.name());
            int vlen = Expressions.evaluate(d.vlen(), params).asInt();
            int count = d.isMultiple() ? Expressions.evaluate(d.count(), params).asInt() : 1;
            for (int i = 0; i < count; i++) {
                out.add(new PortSpec(d.isMultiple() ? d.name() + i : d.name(), dtype, vlen));
            }
        }
        return out;
    }
}
