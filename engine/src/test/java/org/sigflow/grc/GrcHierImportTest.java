package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.MessagePortDef;
import org.sigflow.catalog.PortDef;
import org.sigflow.graph.Connection;
import org.sigflow.hier.HierBlock;
import org.sigflow.hier.HierLibrary;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * GNU Radio hier blocks ({@code generate_options: hb} flowgraphs with pads and parameters) import as SigFlow hier
 * blocks, and a flowgraph using one by its GRC id imports using it: GNU Radio's own message hier example and
 * packet_tx, and a stream hier block whose run gives the same bytes as the same flowgraph drawn flat.
 */
class GrcHierImportTest {
    private static final Path DATA = Path.of("src", "test", "resources", "grc", "hier");
    private static Engine engine;

    @TempDir
    Path dir;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
        engine.setHierLibrary(HierLibrary.of(List.of()));
    }

    private Path copy(String name) throws Exception {
        return Files.copy(DATA.resolve(name), dir.resolve(name));
    }

    private byte[] run(Path grc, String output) throws Exception {
        OpenedGraph g = engine.open(grc, Map.of());
        RunningGraph run = engine.start(g, RunOptions.DEFAULT);
        RunOutcome o = run.await(Duration.ofSeconds(120)).orElseThrow(() -> new AssertionError(grc + " hangs"));
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), grc + ": " + o);
        return Files.readAllBytes(dir.resolve(output));
    }

    @Test
    void aStreamHierBlockFromGrcRunsLikeTheFlowgraphDrawnFlat() throws Exception {
        copy("gain_filter_hb.grc");
        Path uses = copy("uses_gain_filter.grc");
        Path flat = copy("gain_filter_flat.grc");
        byte[] hier = run(uses, "hier.cf32");
        byte[] reference = run(flat, "flat.cf32");
        assertEquals(5000 * 8, reference.length);
        assertArrayEquals(reference, hier);
    }

    @Test
    void theHierGrcBecomesPadsAndAParameter() throws Exception {
        copy("gain_filter_hb.grc");
        ImportResult r = engine.grcImporter().importFile(copy("uses_gain_filter.grc"));
        assertTrue(r.report().complete(), r.report().attention().toString());
        assertEquals(1, r.hierBlocks().size());
        HierBlock h = r.hierBlocks().getFirst();
        assertEquals("gain_filter_hb", h.id());
        assertEquals(List.of("in"), h.def().inputs().stream().map(PortDef::name).toList());
        assertEquals(List.of("out"), h.def().outputs().stream().map(PortDef::name).toList());
        assertEquals("cf32", h.def().inputs().getFirst().dtype());
        assertEquals("scale", h.def().params().getFirst().id());
        assertEquals("Scale", h.def().params().getFirst().label());
        assertEquals("3", h.def().params().getFirst().defaultValue());
        var inst = r.graph().block("gain_filter_hb_0").orElseThrow();
        assertEquals("gain_filter_hb", inst.type());
        assertEquals("k * 2", inst.params().get("scale"));
        assertTrue(r.graph().connections().contains(new Connection("blocks_head_0", "out", "gain_filter_hb_0", "in")),
                r.graph().connections().toString());
    }

    @Test
    void gnuRadiosMessageHierExampleImportsWithItsPortsByLabel() throws Exception {
        copy("test_msg_hier.grc");
        ImportResult r = engine.grcImporter().importFile(copy("test_msg_hier_topblock.grc"));
        BlockDef def = r.hierBlocks().getFirst().def();
        assertEquals("test_msg_hier", def.id());
        // GRC's port order: pads sorted by block name; message ports named by their labels
        assertEquals(List.of("TEST_PORT2", "TEST_PORT1"), def.messageInputs().stream().map(MessagePortDef::name)
                .toList());
        assertEquals(List.of("TEST_PORT0", "TEST_PORT3"), def.messageOutputs().stream().map(MessagePortDef::name)
                .toList());
        assertTrue(r.graph().connections().containsAll(List.of(
                new Connection("blocks_message_strobe_0", "strobe", "test_msg_hier_0", "TEST_PORT2"),
                new Connection("test_msg_hier_0", "TEST_PORT0", "blocks_message_debug_0", "print"))),
                r.graph().connections().toString());
        // opened (and so flattened): the outer strobe reaches the inner strobe's set_msg
        OpenedGraph g = engine.open(dir.resolve("test_msg_hier_topblock.grc"), Map.of());
        assertTrue(g.graph().connections().containsAll(List.of(
                new Connection("blocks_message_strobe_0", "strobe", "test_msg_hier_0__blocks_message_strobe_0",
                        "set_msg"),
                new Connection("test_msg_hier_0__blocks_message_strobe_0_1", "strobe", "blocks_message_debug_0",
                        "print"))), g.graph().connections().toString());
    }

    @Test
    void gnuRadiosPacketTxImportsAsAHierBlockInterface() throws Exception {
        ImportResult r = engine.grcImporter().importFile(copy("packet_tx.grc"));
        BlockDef def = org.sigflow.hier.HierDefs.describe("packet_tx", dir.resolve("packet_tx.grc"), r.graph());
        assertEquals(List.of("out", "mux", "burst"), def.outputs().stream().map(PortDef::name).toList());
        assertEquals(List.of(true, true), def.outputs().subList(1, 3).stream().map(PortDef::optional).toList());
        assertEquals(List.of("postcrc"), def.messageOutputs().stream().map(MessagePortDef::name).toList());
        assertEquals(List.of("in"), def.messageInputs().stream().map(MessagePortDef::name).toList());
        // hdr_const and pld_const (constellation objects) are left out: their methods became their defaults' values;
        // so are the FEC coder and header format objects: the blocks inside take their calls' arguments
        assertEquals(List.of("psf_taps", "sps"),
                def.params().stream().map(p -> p.id()).sorted().toList());
        assertEquals("Samples per Symbol", def.param("sps").orElseThrow().label());
        assertEquals(org.sigflow.catalog.ParamType.REAL, def.param("sps").orElseThrow().type());
        // type '' (raw Python) with the default [0,]: taps, so a parent's firdes.root_raised_cosine(...) list fits
        assertEquals(org.sigflow.catalog.ParamType.REAL_LIST, def.param("psf_taps").orElseThrow().type());
    }

    @Test
    void sigflowImportWritesTheHierBlockBesideTheGraph() throws Exception {
        copy("gain_filter_hb.grc");
        Path uses = copy("uses_gain_filter.grc");
        int code = org.sigflow.cli.Main.run(List.of("import", uses.toString()), new java.io.PrintStream(
                java.io.OutputStream.nullOutputStream()), new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        assertTrue(code == 0 || code == 3, "exit " + code);
        assertTrue(Files.isRegularFile(dir.resolve("gain_filter_hb.graph")));
        // and the written pair runs as .graph files, the hier block found beside the graph
        assertArrayEquals(run(copy("gain_filter_flat.grc"), "flat.cf32"), run(dir.resolve("uses_gain_filter.graph"),
                "hier.cf32"));
    }
}
