package org.sigflow.grc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.catalog.PortDef;
import org.sigflow.graph.Connection;

/**
 * GRC connections → SigFlow connections: {@code virtual_sink}/{@code virtual_source} pairs (same
 * {@code stream_id}) become direct edges, GRC port indices become SigFlow port names, and every connection that
 * cannot be kept (blocks not imported, ports SigFlow's block does not have) is reported. Message connections
 * (GRC port ids such as {@code strobe} and {@code print}) connect the message ports of the same names.
 */
final class GrcConnections {
    private GrcConnections() {}

    static List<Connection> resolve(GrcFlowgraph fg, Map<String, GrcImporter.ImportedBlock> imported,
                                    ImportReport.Builder report) {
        Map<String, GrcBlock> byName = new HashMap<>();
        fg.blocks().forEach(b -> byName.put(b.name(), b));
        // stream_id → the outputs feeding that virtual sink
        Map<String, List<GrcConnection>> feeds = new HashMap<>();
        for (GrcConnection c : fg.connections()) {
            GrcBlock dst = byName.get(c.dstBlock());
            if (dst != null && dst.id().equals("virtual_sink")) {
                feeds.computeIfAbsent(dst.params().getOrDefault("stream_id", ""), k -> new ArrayList<>()).add(c);
            }
        }
        Set<Connection> out = new LinkedHashSet<>();
        for (GrcConnection c : fg.connections()) {
            GrcBlock dst = byName.get(c.dstBlock());
            if (dst != null && dst.id().equals("virtual_sink")) {
                continue;                                   // reached through its virtual sources
            }
            for (GrcConnection direct : direct(c, byName, feeds, new HashSet<>(), report)) {
                Connection k = convert(direct, c, byName, imported, report);
                if (k != null) {
                    out.add(k);
                }
            }
        }
        return new ArrayList<>(out);
    }

    /** {@code c} with a virtual source replaced by what feeds its virtual sink (recursively). */
    private static List<GrcConnection> direct(GrcConnection c, Map<String, GrcBlock> byName,
                                              Map<String, List<GrcConnection>> feeds, Set<String> seen,
                                              ImportReport.Builder report) {
        GrcBlock src = byName.get(c.srcBlock());
        if (src == null || !src.id().equals("virtual_source")) {
            return List.of(c);
        }
        String stream = src.params().getOrDefault("stream_id", "");
        if (!seen.add(stream)) {
            report.attention("connection " + c, "virtual sinks and sources with stream_id '" + stream
                    + "' form a loop; not imported");
            return List.of();
        }
        List<GrcConnection> in = feeds.getOrDefault(stream, List.of());
        if (in.isEmpty()) {
            report.attention("connection " + c, "no virtual sink has stream_id '" + stream + "'; not imported");
        }
        List<GrcConnection> out = new ArrayList<>();
        for (GrcConnection f : in) {
            GrcConnection joined = new GrcConnection(f.srcBlock(), f.srcPort(), c.dstBlock(), c.dstPort());
            out.addAll(direct(joined, byName, feeds, seen, report));
        }
        return out;
    }

    private static Connection convert(GrcConnection c, GrcConnection asWritten, Map<String, GrcBlock> byName,
                                      Map<String, GrcImporter.ImportedBlock> imported, ImportReport.Builder report) {
        String subject = "connection " + (c.equals(asWritten) ? c.toString() : c + " (via virtual ports)");
        for (String name : List.of(c.srcBlock(), c.dstBlock())) {
            GrcBlock b = byName.get(name);
            if (b == null) {
                report.attention(subject, "names block '" + name + "', which is not in the file; not imported");
                return null;
            }
        }
        GrcImporter.ImportedBlock src = imported.get(c.srcBlock());
        GrcImporter.ImportedBlock dst = imported.get(c.dstBlock());
        if (src == null || dst == null) {
            GrcBlock missing = byName.get(src == null ? c.srcBlock() : c.dstBlock());
            if ("disabled".equals(missing.state())) { // a disabled GRC block's connections do not run either
                report.note(subject, "not imported: block " + missing.describe() + " is disabled and was left out");
                return null;
            }
            report.attention(subject, missing.id().startsWith("variable_qtgui_") ? "not imported: GUI control "
                    + missing.describe() + " became a variable; the messages it sends when the user changes it have "
                    + "no sender in SigFlow yet" : "not imported: block " + missing.describe() + " was not imported");
            return null;
        }
        if (!isIndex(c.srcPort()) || !isIndex(c.dstPort())) {
            return messageConnection(c, src, dst, subject, report);
        }
        String from = portName(src.mapping().outputs(), src.def().outputs(), Integer.parseInt(c.srcPort()));
        int dstIndex = Integer.parseInt(c.dstPort());
        if (dstIndex >= 1 && dstIndex <= dst.channels().size()) { // input k of a multi-input display: its own sink
            return from == null ? null : new Connection(src.id(), from, dst.channels().get(dstIndex - 1),
                    portName(dst.mapping().inputs(), dst.def().inputs(), 0));
        }
        String to = portName(dst.mapping().inputs(), dst.def().inputs(), dstIndex);
        if (from == null || to == null) {
            report.attention(subject, "not imported: " + (from == null ? src.def().id() + " has no output "
                    + c.srcPort() : dst.def().id() + " has no input " + c.dstPort()));
            return null;
        }
        return new Connection(src.id(), from, dst.id(), to);
    }

    /** GRC names message ports ({@code strobe → print}); SigFlow's message ports have GNU Radio's names. */
    private static Connection messageConnection(GrcConnection c, GrcImporter.ImportedBlock src,
                                                GrcImporter.ImportedBlock dst, String subject,
                                                ImportReport.Builder report) {
        String to = dst.mapping().messageInputs().getOrDefault(c.dstPort(), c.dstPort());
        String from = c.srcPort();
        // a hier block's message pads are named by their labels made identifiers ('pkt out' → pkt_out)
        from = !src.def().hasMessageOutput(from) && src.def().hasMessageOutput(GrcHierInterface.identifier(from))
                ? GrcHierInterface.identifier(from) : from;
        to = !dst.def().hasMessageInput(to) && dst.def().hasMessageInput(GrcHierInterface.identifier(to))
                ? GrcHierInterface.identifier(to) : to;
        if (!src.def().hasMessageOutput(from) || !dst.def().hasMessageInput(to)) {
            String missing = !src.def().hasMessageOutput(from)
                    ? src.def().id() + " has no message output '" + c.srcPort() + "'"
                    : dst.def().id() + " has no message input '" + c.dstPort() + "'";
            report.attention(subject, "a message connection, not imported: " + missing);
            return null;
        }
        return new Connection(src.id(), from, dst.id(), to);
    }

    private static boolean isIndex(String port) {
        return port.matches("\\d{1,4}");
    }

    /**
     * The SigFlow name of port {@code index}: from the mapping's list if it has one, else the catalog's ports in
     * order, where a multiple port ({@code count}) takes every remaining index ({@code in0}, {@code in1}, …).
     */
    static String portName(List<String> explicit, List<PortDef> ports, int index) {
        if (explicit != null) {
            return index < explicit.size() ? explicit.get(index) : null;
        }
        int i = 0;
        for (PortDef p : ports) {
            if (p.isMultiple()) {
                return p.name() + (index - i);
            }
            if (i == index) {
                return p.name();
            }
            i++;
        }
        return null;
    }
}
