package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GRC variables that hold GNU Radio objects other blocks take whole, rewritten into what SigFlow's mappings read:
 * <ul>
 * <li>{@code variable_constellation_rect} becomes a {@code variable_constellation} of type calcdist with its points,
 * symbol map and rotational symmetry (GNU Radio's rect constellation normalises by amplitude like calcdist; its
 * decisions by rectangular sectors equal the nearest point's where the sectors are the points' cells, as for QPSK
 * and square QAM grids);</li>
 * <li>a {@code digital_linear_equalizer}'s {@code alg} naming a {@code variable_adaptive_algorithm} of type LMS or
 * CMA becomes the equalizer's own params ({@code alg_type}, {@code alg_step_size}, {@code alg_modulus},
 * {@code alg_points}: the algorithm's constellation's {@code points()}), and the algorithm variable, then unused,
 * is left out with a note;</li>
 * <li>a {@code digital_constellation_soft_decoder_cf} gets its constellation variable's soft-decision look-up table
 * ({@code soft_dec_lut: 'auto'} and {@code precision}) as {@code soft_dec_lut_precision}.</li>
 * </ul>
 */
final class GrcObjectVariables {
    private static final String RECT = "variable_constellation_rect";
    private static final String ALGORITHM = "variable_adaptive_algorithm";

    private GrcObjectVariables() {}

    static GrcFlowgraph apply(GrcFlowgraph fg, ImportReport.Builder report) {
        fg = withoutDisabledTwins(fg, report);
        Map<String, GrcBlock> algorithms = new LinkedHashMap<>();
        for (GrcBlock b : fg.blocks()) {
            String type = b.params().getOrDefault("type", "").strip();
            if (b.id().equals(ALGORITHM) && (type.equals("lms") || type.equals("cma"))) {
                algorithms.put(b.name(), b);
            }
        }
        Map<String, GrcBlock> constellations = new LinkedHashMap<>();
        fg.blocks().stream().filter(b -> b.id().equals(GrcConstellations.KIND) || b.id().equals(RECT))
                .forEach(b -> constellations.put(b.name(), b));
        boolean changed = false;
        List<GrcBlock> blocks = new ArrayList<>();
        List<String> folded = new ArrayList<>();
        for (GrcBlock b : fg.blocks()) {
            if (b.id().equals(RECT)) {
                blocks.add(asCalcdist(b));
                report.note("variable " + b.describe(), "a rectangular-sector constellation: imported as a "
                        + "calcdist constellation of its points (nearest-point decisions, the same as its sectors'"
                        + " where the sectors are the points' cells)");
                changed = true;
            } else if (b.id().equals("digital_linear_equalizer")
                    && algorithms.containsKey(b.params().getOrDefault("alg", "").strip())) {
                GrcBlock alg = algorithms.get(b.params().get("alg").strip());
                Map<String, String> p = new LinkedHashMap<>(b.params());
                p.remove("alg");
                p.put("alg_type", alg.params().get("type").strip());
                p.put("alg_step_size", alg.params().getOrDefault("step_size", "0.0001"));
                p.put("alg_modulus", alg.params().getOrDefault("modulus", "1"));
                p.put("alg_points", alg.params().getOrDefault("cons", "").strip() + ".points()");
                blocks.add(new GrcBlock(b.name(), b.id(), p, b.x(), b.y(), b.rotation(), b.state()));
                folded.add(alg.name());
                changed = true;
            } else if (b.id().equals("digital_constellation_soft_decoder_cf")
                    && constellations.containsKey(b.params().getOrDefault("constellation", "").strip())) {
                Map<String, String> p = new LinkedHashMap<>(b.params());
                p.put("soft_dec_lut_precision", lutPrecision(constellations.get(p.get("constellation").strip())));
                blocks.add(new GrcBlock(b.name(), b.id(), p, b.x(), b.y(), b.rotation(), b.state()));
                changed = true;
            } else {
                blocks.add(b);
            }
        }
        if (!changed) {
            return fg;
        }
        blocks.removeIf(b -> folded.contains(b.name()) && b.id().equals(ALGORITHM) && noteFolded(b, report));
        return new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems());
    }

    /**
     * Disabled variables named like an enabled block: GRC generates no code for them (examples keep alternatives
     * such as several constellations named {@code constel}, one enabled), so the enabled one is the value.
     */
    private static GrcFlowgraph withoutDisabledTwins(GrcFlowgraph fg, ImportReport.Builder report) {
        java.util.Set<String> enabled = new java.util.HashSet<>();
        fg.blocks().stream().filter(b -> !"disabled".equals(b.state())).forEach(b -> enabled.add(b.name()));
        List<GrcBlock> blocks = new ArrayList<>(fg.blocks());
        boolean removed = blocks.removeIf(b -> "disabled".equals(b.state()) && b.id().startsWith("variable")
                && enabled.contains(b.name()) && noteTwin(b, report));
        return removed ? new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems()) : fg;
    }

    private static boolean noteTwin(GrcBlock b, ImportReport.Builder report) {
        report.note("variable " + b.describe(), "disabled, and an enabled block has its name: left out (GRC "
                + "generates no code for it)");
        return true;
    }

    /**
     * A soft decoder's look-up table from its constellation variable: {@code 'auto'} is GNU Radio's
     * {@code gen_soft_dec_lut(precision)}, None none (0); a given table is kept as written (reported).
     */
    private static String lutPrecision(GrcBlock constellation) {
        String lut = constellation.params().getOrDefault("soft_dec_lut", "None").strip();
        if (lut.equalsIgnoreCase("'auto'") || lut.equalsIgnoreCase("\"auto\"")) {
            return constellation.params().getOrDefault("precision", "8");
        }
        return lut.equals("None") ? "0" : lut;
    }

    private static boolean noteFolded(GrcBlock b, ImportReport.Builder report) {
        report.note("variable " + b.describe(), "an adaptive algorithm object: its type, step size, modulus and "
                + "constellation points are now the equalizer's params; not imported as a variable");
        return true;
    }

    private static GrcBlock asCalcdist(GrcBlock b) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("type", "calcdist");
        p.put("const_points", b.params().getOrDefault("const_points", "[]"));
        p.put("sym_map", b.params().getOrDefault("sym_map", "[]"));
        p.put("rot_sym", b.params().getOrDefault("rot_sym", "4"));
        p.put("dims", "1");
        p.put("normalization", "digital.constellation.AMPLITUDE_NORMALIZATION");
        return new GrcBlock(b.name(), GrcConstellations.KIND, p, b.x(), b.y(), b.rotation(), b.state());
    }
}
