package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GRC's {@code variable_modulate_vector} (GNU Radio runs its modulator over the data at flowgraph build) rewritten
 * as a plain variable of the expression function {@code modulate_vector(points, symbol_map, normalization,
 * differential, sps, excess_bw, data, taps)}, which runs SigFlow's constellation modulator: when its {@code mod}
 * names a variable {@code digital.generic_mod(constellation, differential, sps, pre_diff_code, excess_bw, ...)}
 * (without truncate) of a calcdist {@code variable_constellation}. The generic_mod variable, used by nothing else,
 * is left out with a note. Other modulators stay unmapped.
 */
final class GrcModulateVectors {
    private static final Pattern GENERIC_MOD = Pattern.compile("\\A\\s*digital\\.generic_mod\\s*\\((.*)\\)\\s*\\z",
            Pattern.DOTALL);
    private static final Map<String, String> NORMALIZATION = Map.of(
            "digital.constellation.AMPLITUDE_NORMALIZATION", "amplitude",
            "digital.constellation.POWER_NORMALIZATION", "power",
            "digital.constellation.NO_NORMALIZATION", "none");

    private GrcModulateVectors() {}

    static GrcFlowgraph apply(GrcFlowgraph fg, ImportReport.Builder report) {
        Map<String, GrcBlock> byName = new LinkedHashMap<>();
        fg.blocks().forEach(b -> byName.put(b.name(), b));
        List<String> mods = new ArrayList<>();
        Map<String, GrcBlock> rewritten = new LinkedHashMap<>();
        for (GrcBlock b : fg.blocks()) {
            if (b.id().equals("variable_modulate_vector")) {
                String mod = b.params().getOrDefault("mod", "").strip();
                String call = call(byName.get(mod), byName);
                if (call != null) {
                    Map<String, String> p = new LinkedHashMap<>();
                    p.put("value", call.replace("$DATA", b.params().getOrDefault("data", "[]").strip())
                            .replace("$TAPS", b.params().getOrDefault("taps", "[1]").strip()));
                    rewritten.put(b.name(), new GrcBlock(b.name(), "variable", p, b.x(), b.y(), b.rotation(), b.state()));
                    mods.add(mod);
                }
            }
        }
        if (rewritten.isEmpty()) {
            return fg;
        }
        List<GrcBlock> blocks = new ArrayList<>();
        for (GrcBlock b : fg.blocks()) {
            if (mods.contains(b.name()) && !usedElsewhere(b.name(), fg.blocks())) {
                report.note("variable " + b.describe(), "left out: only variable_modulate_vector used it, imported as "
                        + "SigFlow's modulate_vector()");
            } else {
                blocks.add(rewritten.getOrDefault(b.name(), b));
            }
        }
        return new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems());
    }

    /** The modulate_vector() call with $DATA and $TAPS to fill in, or null if the modulator is not one it knows. */
    private static String call(GrcBlock mod, Map<String, GrcBlock> byName) {
        if (mod == null || !mod.id().equals("variable")) {
            return null;
        }
        Matcher m = GENERIC_MOD.matcher(mod.params().getOrDefault("value", ""));
        if (!m.matches()) {
            return null;
        }
        List<String> args = DesignCalls.splitArguments(m.group(1));
        if (args.size() < 5 || args.stream().anyMatch(a -> a.contains("="))
                || (args.size() > 7 && !args.get(7).strip().equals("False"))) {
            return null;
        }
        GrcBlock c = asConstellation(byName.get(args.get(0).strip()));
        if (c == null || !c.id().equals(GrcConstellations.KIND)
                || !c.params().getOrDefault("type", "calcdist").strip().equals("calcdist")
                || !c.params().getOrDefault("dims", "1").strip().equals("1")) {
            return null;
        }
        String norm = NORMALIZATION.get(c.params().getOrDefault("normalization",
                "digital.constellation.AMPLITUDE_NORMALIZATION").strip());
        if (norm == null) {
            return null;
        }
        boolean preDiff = !args.get(3).strip().equals("False");
        String map = preDiff ? GrcConstellations.table(c.params().getOrDefault("sym_map", "[]")) : "[]";
        return "modulate_vector(" + GrcConstellations.table(c.params().getOrDefault("const_points", "[]")) + ", " + map
                + ", '" + norm + "', " + args.get(1).strip() + ", " + args.get(2).strip() + ", " + args.get(4).strip()
                + ", $DATA, $TAPS)";
    }

    /**
     * A variable or hier parameter whose value is a {@code digital.constellation_calcdist(points, map, rot, dims[,
     * normalization])} call (packet_rx.grc's {@code hdr_const}) as the {@code variable_constellation} it equals;
     * other blocks as they are.
     */
    private static GrcBlock asConstellation(GrcBlock b) {
        String calcdist = "digital.constellation_calcdist(";
        if (b == null || !(b.id().equals("variable") || b.id().equals("parameter"))) {
            return b;
        }
        String v = b.params().getOrDefault("value", "").strip().replaceFirst("\\)\\s*\\.base\\(\\)\\z", ")");
        List<String> args = v.startsWith(calcdist) && v.endsWith(")")
                ? DesignCalls.splitArguments(v.substring(calcdist.length(), v.length() - 1)) : null;
        if (args == null || args.size() < 4 || args.size() > 5) {
            return b;
        }
        Map<String, String> p = new LinkedHashMap<>();
        p.put("type", "calcdist");
        p.put("const_points", args.get(0).strip());
        p.put("sym_map", args.get(1).strip());
        p.put("rot_sym", args.get(2).strip());
        p.put("dims", args.get(3).strip());
        if (args.size() == 5) {
            p.put("normalization", args.get(4).strip());
        }
        return new GrcBlock(b.name(), GrcConstellations.KIND, p, b.x(), b.y(), b.rotation(), b.state());
    }

    private static boolean usedElsewhere(String name, List<GrcBlock> blocks) {
        Pattern word = Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "(?!\\w)");
        return blocks.stream().filter(b -> !b.id().equals("variable_modulate_vector") && !b.name().equals(name))
                .flatMap(b -> b.params().values().stream()).anyMatch(v -> word.matcher(v).find());
    }
}
