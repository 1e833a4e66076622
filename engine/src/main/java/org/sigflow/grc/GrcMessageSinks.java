package org.sigflow.grc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;

/**
 * GNU Radio's Qt sinks of type {@code msg_complex} / {@code msg_float} / {@code msg_byte} plot the samples of the PDUs arriving on their
 * message input {@code in}. SigFlow imports such a sink as the stream sink of that item type ({@code complex},
 * {@code float}) fed by a {@code pdu_to_tagged_stream} named {@code <sink>_pdus}, which takes the GRC message
 * connections: the sink sees each PDU's samples as a stream. GRC's {@code nconnections} does not apply (one message
 * input).
 */
final class GrcMessageSinks {
    private static final Map<String, String> ITEM_TYPES = Map.of("msg_complex", "complex", "msg_float", "float",
            "msg_byte", "byte");
    private static final Map<String, String> PDU_TYPES = Map.of("msg_complex", "cf32", "msg_float", "f32", "msg_byte", "u8");

    private GrcMessageSinks() {}

    /** Whether {@code b} is a Qt sink fed by messages. */
    static boolean fedByMessages(GrcBlock b) {
        return b.id().startsWith("qtgui_") && ITEM_TYPES.containsKey(b.params().getOrDefault("type", "").strip());
    }

    /** The GRC block as the stream sink it becomes: its item type, one input. */
    static GrcBlock asStreamSink(GrcBlock b) {
        Map<String, String> p = new LinkedHashMap<>(b.params());
        p.put("type", ITEM_TYPES.get(b.params().get("type").strip()));
        p.computeIfPresent("nconnections", (k, v) -> "1");
        return new GrcBlock(b.name(), b.id(), p, b.x(), b.y(), b.rotation(), b.state());
    }

    /**
     * Adds the {@code pdu_to_tagged_stream} before {@code sink} to {@code blocks} and its connection to
     * {@code connections}; returns how the GRC connections find it (message input {@code in} → {@code pdus}).
     */
    static GrcImporter.ImportedBlock feed(GrcBlock b, BlockInstance sink, Catalog catalog, List<BlockInstance> blocks,
                                          List<Connection> connections, Set<String> taken,
                                          ImportReport.Builder report) {
        String id = sink.id() + "_pdus";
        while (taken.contains(id)) {
            id += "_";
        }
        taken.add(id);
        String type = PDU_TYPES.get(b.params().get("type").strip());
        // GNU Radio's Qt sinks take a PDU or a bare uniform vector of samples on their message input
        blocks.add(new BlockInstance(id, "pdu_to_tagged_stream", Map.of("type", type, "tag", "'packet_len'",
                "bare_vectors", "true"),
                sink.state(), sink.x() - 180, sink.y(), 0, "GRC import: the PDUs " + b.name() + " plots"));
        connections.add(new Connection(id, "out", sink.id(), "in"));
        report.note("block " + b.describe(), "fed by messages (" + b.params().get("type").strip() + "): imported as a "
                + sink.type() + " of " + type + " items behind " + id + ", which turns each PDU into its samples");
        BlockDef def = catalog.find("pdu_to_tagged_stream").orElseThrow();
        GrcMapping m = new GrcMapping(b.id(), def.id(), Map.of(), Map.of(), Map.of(), null, null, null,
                Map.of("in", "pdus"));
        return new GrcImporter.ImportedBlock(id, m, def);
    }
}
