package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The content of a {@code .grc} file (GRC 3.8+ YAML, {@code file_format} 1 or 2), read from the plain tree
 * {@link GrcYaml} gives. Structural oddities of single blocks or connections are collected in {@code problems}
 * (the import reports them) rather than failing the whole file.
 */
record GrcFlowgraph(int fileFormat, Map<String, String> options, List<GrcBlock> blocks,
                    List<GrcConnection> connections, List<String> problems) {

    static final int NEWEST_FORMAT = 2;

    static GrcFlowgraph read(Object tree, String source) throws GrcFormatException {
        if (!(tree instanceof Map<?, ?> top) || !(top.containsKey("blocks") || top.containsKey("options"))) {
            throw new GrcFormatException(source, "not a GRC flowgraph (a .grc file is a YAML mapping with "
                    + "'options', 'blocks' and 'connections')");
        }
        int format = 1;
        if (top.get("metadata") instanceof Map<?, ?> meta && meta.get("file_format") != null) {
            Object f = meta.get("file_format");
            if (!(f instanceof Integer i)) {
                throw new GrcFormatException(source, "metadata.file_format is '" + f + "', not a number");
            }
            format = i;
        }
        if (format > NEWEST_FORMAT || format < 1) {
            throw new GrcFormatException(source, "GRC file_format " + format + " is not known; SigFlow imports "
                    + "file_format 1 and 2 (GNU Radio 3.8 to 3.11)");
        }
        List<String> problems = new ArrayList<>();
        if (!top.containsKey("metadata") || !top.containsKey("connections")) {
            problems.add("the file has no '" + (top.containsKey("connections") ? "metadata" : "connections")
                    + "' section, which GNU Radio always writes (metadata last): it looks truncated");
        }
        Map<String, String> options = new LinkedHashMap<>();
        if (top.get("options") instanceof Map<?, ?> opt && opt.get("parameters") instanceof Map<?, ?> p) {
            p.forEach((k, v) -> options.put(String.valueOf(k), text(v)));
        }
        List<GrcBlock> blocks = new ArrayList<>();
        List<?> rawBlocks = list(top.get("blocks"), "blocks", problems);
        for (int i = 0; i < rawBlocks.size(); i++) {
            GrcBlock b = block(rawBlocks.get(i), "blocks[" + i + "]", problems);
            if (b != null) {
                blocks.add(b);
            }
        }
        List<GrcConnection> connections = new ArrayList<>();
        List<?> rawConnections = list(top.get("connections"), "connections", problems);
        for (int i = 0; i < rawConnections.size(); i++) {
            GrcConnection c = connection(rawConnections.get(i), "connections[" + i + "]", problems);
            if (c != null) {
                connections.add(c);
            }
        }
        return new GrcFlowgraph(format, options, blocks, connections, problems);
    }

    private static List<?> list(Object o, String where, List<String> problems) {
        if (o == null) {
            return List.of();
        }
        if (o instanceof List<?> l) {
            return l;
        }
        problems.add(where + " is not a list; ignored");
        return List.of();
    }

    private static GrcBlock block(Object o, String where, List<String> problems) {
        if (!(o instanceof Map<?, ?> m) || !(m.get("name") instanceof String name) || !(m.get("id") instanceof String id)) {
            problems.add(where + ": not a block (needs 'name' and 'id'); skipped");
            return null;
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (m.get("parameters") instanceof Map<?, ?> p) {
            p.forEach((k, v) -> params.put(String.valueOf(k), text(v)));
        }
        double x = 0;
        double y = 0;
        int rotation = 0;
        String state = "enabled";
        if (m.get("states") instanceof Map<?, ?> s) {
            if (s.get("coordinate") instanceof List<?> c && c.size() == 2 && c.get(0) instanceof Number cx
                    && c.get(1) instanceof Number cy) {
                x = cx.doubleValue();
                y = cy.doubleValue();
            }
            if (s.get("rotation") instanceof Number r) {
                rotation = r.intValue();
            }
            Object st = s.get("state");
            if (st instanceof Boolean bool) {
                state = bool ? "enabled" : "disabled";       // GRC 3.8's legacy 'state: true'
            } else if (st != null) {
                state = String.valueOf(st).toLowerCase(Locale.ROOT);
            }
        }
        return new GrcBlock(name, id, params, x, y, rotation, state);
    }

    private static GrcConnection connection(Object o, String where, List<String> problems) {
        if (o instanceof List<?> l && l.size() == 4) {                  // file_format 1
            return new GrcConnection(text(l.get(0)), text(l.get(1)), text(l.get(2)), text(l.get(3)));
        }
        if (o instanceof Map<?, ?> m && m.get("src_blk_id") != null && m.get("snk_blk_id") != null) {   // format 2
            return new GrcConnection(text(m.get("src_blk_id")), text(m.get("src_port_id")),
                    text(m.get("snk_blk_id")), text(m.get("snk_port_id")));
        }
        problems.add(where + ": not a connection ([source, port, sink, port] or a src_blk_id/snk_blk_id "
                + "mapping); skipped");
        return null;
    }

    /** A YAML scalar as the Python expression text GRC would see. */
    static String text(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (v instanceof Double d) {
            return Double.toString(d).replace('E', 'e');
        }
        if (v instanceof List<?> l) {
            List<String> parts = new ArrayList<>();
            l.forEach(e -> parts.add(e instanceof String s ? "'" + s.replace("'", "\\'") + "'" : text(e)));
            return "[" + String.join(", ", parts) + "]";
        }
        return String.valueOf(v);
    }
}
