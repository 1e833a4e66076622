package org.sigflow.grc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.hier.HierPads;

/**
 * A GRC hier block's interface ({@code pad_source}, {@code pad_sink}, {@code parameter}) as SigFlow's hier pads and
 * parameters. Pads are taken in GRC's port order (sorted by block name; a pad of n streams gives n ports) and named
 * by their label (made an identifier), which is also the name GRC gives their message ports. A parameter stays a
 * variable (its default) and gains a {@code hier_param} of the same id.
 */
final class GrcHierInterface {
    private GrcHierInterface() {}

    private static final Map<String, String> DTYPES = Map.of("complex", "cf32", "float", "f32", "short", "s16",
            "byte", "u8", "sc16", "cs16", "sc8", "cs8");
    private static final Map<String, String> PARAM_TYPES = Map.ofEntries(Map.entry("eng_float", "real"),
            Map.entry("real", "real"), Map.entry("float", "real"), Map.entry("int", "int"), Map.entry("intx", "int"),
            Map.entry("long", "int"), Map.entry("complex", "complex"), Map.entry("string", "string"),
            Map.entry("str", "string"), Map.entry("", "real"), Map.entry("raw", "real"));

    static boolean isHierFlowgraph(GrcFlowgraph fg) {
        return fg.options().getOrDefault("generate_options", "").startsWith("hb");
    }

    /**
     * Adds the pads and parameters of {@code fg} to {@code blocks}, and the pads to {@code imported} so connections
     * to them resolve.
     */
    static void add(GrcFlowgraph fg, GrcVariables vars, Catalog catalog, List<BlockInstance> blocks,
                    Map<String, GrcImporter.ImportedBlock> imported, ImportReport.Builder report) {
        Set<String> taken = new HashSet<>();
        fg.blocks().forEach(b -> taken.add(b.name()));
        List<GrcBlock> pads = fg.blocks().stream().filter(b -> b.id().equals("pad_source") || b.id().equals("pad_sink"))
                .sorted(Comparator.comparing(GrcBlock::name)).toList();
        for (GrcBlock b : pads) {
            boolean in = b.id().equals("pad_source");
            String type = b.params().getOrDefault("type", "complex").strip();
            boolean message = type.equals("message");
            String dtype = DTYPES.get(type);
            String subject = "block " + b.describe();
            if (!message && dtype == null) {
                report.attention(subject, "a pad of GRC type '" + type + "', which SigFlow has no stream type for; "
                        + "not imported");
                continue;
            }
            int streams = message ? 1 : count(b.params().getOrDefault("num_streams", "1"));
            String label = b.params().getOrDefault("label", "").strip();
            for (int i = 0; i < streams; i++) {
                String id = uniqueId(identifier(streams > 1 ? label + i : label), b.name() + (streams > 1 ? i : ""),
                        taken);
                Map<String, String> params = new LinkedHashMap<>();
                if (!message) {
                    params.put("type", dtype);
                    String vlen = b.params().getOrDefault("vlen", "1").strip();
                    params.put("vlen", PythonExpressions.translate(vlen, vars.names()).text());
                }
                params.put("optional", "True".equals(b.params().getOrDefault("optional", "False").strip())
                        ? "true" : "false");
                String kind = message ? (in ? HierPads.MSG_PAD_IN : HierPads.MSG_PAD_OUT)
                        : in ? HierPads.PAD_IN : HierPads.PAD_OUT;
                BlockState state = "disabled".equals(b.state()) ? BlockState.DISABLED : BlockState.ENABLED;
                blocks.add(new BlockInstance(id, kind, params, state, b.x(), b.y() + 40 * i, b.rotation(), null));
                BlockDef def = catalog.find(kind).orElseThrow();
                GrcMapping mapping = new GrcMapping(b.id(), kind, Map.of(), Map.of(), Map.of(),
                        in ? List.of() : List.of("in"), in ? List.of("out") : List.of());
                if (i == 0) {
                    imported.put(b.name(), new GrcImporter.ImportedBlock(id, mapping, def));
                }
            }
            if (streams > 1) {
                report.attention(subject, "a pad of " + streams + " streams became " + streams + " pads; only the "
                        + "first is wired from inside");
            }
        }
        for (GrcBlock b : fg.blocks()) {
            if (!b.id().equals("parameter")) {
                continue;
            }
            if (GrcObjectParameters.isObject(vars.grcText(b.name()))) {
                report.note("block " + b.describe(), GrcObjectParameters.NOT_IN_INTERFACE);
                continue;
            }
            String grcType = b.params().getOrDefault("type", "").strip();
            String type = PARAM_TYPES.getOrDefault(grcType, "real");
            if (grcType.isEmpty() || grcType.equals("raw")) {
                type = listType(vars.values().get(b.name()), type); // raw taps: packet_tx.grc's psf_taps = [0,]
            }
            String label = b.params().getOrDefault("label", "").strip();
            Map<String, String> params = new LinkedHashMap<>();
            params.put("label", PythonExpressions.stringLiteral(label));
            params.put("type", type);
            blocks.add(new BlockInstance(b.name(), HierPads.PARAM, params, BlockState.ENABLED, b.x(), b.y(),
                    0, null));
        }
    }

    /** real_list or complex_list when a raw parameter's default is a literal list, else {@code type}. */
    private static String listType(String value, String type) {
        try {
            if (value != null && org.sigflow.expr.Expression.parse(value).evaluate(Map.of())
                    instanceof org.sigflow.expr.Value.ListValue l) {
                return l.items().stream().allMatch(v -> v.isNumeric() && !(v instanceof org.sigflow.expr.Value.Complex))
                        ? "real_list" : "complex_list";
            }
        } catch (org.sigflow.expr.ExpressionException | RuntimeException e) {
            // not a literal list: the type stays
        }
        return type;
    }

    private static int count(String text) {
        try {
            return Math.max(1, Math.min(64, Integer.parseInt(text.strip())));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** A GRC label as an identifier ({@code "pkt out"} → {@code pkt_out}), or "" if nothing is left. */
    static String identifier(String label) {
        String s = label.replaceAll("[^A-Za-z0-9_]", "_");
        return s.isEmpty() || Character.isDigit(s.charAt(0)) ? (s.isEmpty() ? "" : "_" + s) : s;
    }

    private static String uniqueId(String wanted, String fallback, Set<String> taken) {
        String id = wanted.isEmpty() || taken.contains(wanted) ? fallback : wanted;
        taken.add(id);
        return id;
    }
}
