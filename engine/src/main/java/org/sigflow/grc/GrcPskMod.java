package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GRC's {@code digital_psk_mod} (GNU Radio's {@code digital.psk.psk_mod} hier block: {@code generic_mod} of
 * {@code psk_constellation(m, mod_code, differential)}) rewritten as the {@code digital_constellation_modulator} it
 * is, with the constellation as a calcdist call: the m points exp(2πj·i/m), for Gray coding with differential
 * encoding the Gray code as symbol map, without differential encoding the points reordered by the inverse Gray code
 * (GNU Radio's {@code create_encodings}), no normalisation. A point count that is not a literal power of two, or
 * another {@code mod_code}, is left as it is (reported as unmapped).
 */
final class GrcPskMod {
    private GrcPskMod() {}

    static GrcFlowgraph apply(GrcFlowgraph fg) {
        List<GrcBlock> blocks = new ArrayList<>();
        boolean changed = false;
        for (GrcBlock b : fg.blocks()) {
            GrcBlock m = b.id().equals("digital_psk_mod") ? asModulator(b) : null;
            blocks.add(m != null ? m : b);
            changed |= m != null;
        }
        return changed ? new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems()) : fg;
    }

    private static GrcBlock asModulator(GrcBlock b) {
        int m;
        try {
            m = Integer.parseInt(b.params().getOrDefault("constellation_points", "").strip());
        } catch (NumberFormatException e) {
            return null;
        }
        String code = b.params().getOrDefault("mod_code", "\"gray\"").strip().replace("'", "\"");
        boolean differential = !b.params().getOrDefault("differential", "True").strip().equals("False");
        if (m < 2 || Integer.bitCount(m) != 1 || !(code.equals("\"gray\"") || code.equals("\"none\""))) {
            return null;
        }
        boolean gray = code.equals("\"gray\"");
        int[] order = new int[m];          // point index -> which exp(2πj i/m)
        List<String> map = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            order[i] = i;
            if (gray && differential) {
                map.add(Integer.toString(i ^ (i >> 1)));
            }
        }
        if (gray && !differential) {       // points[x] for x in invert_code(gray_code(m))
            for (int i = 0; i < m; i++) {
                order[i ^ (i >> 1)] = i;
            }
        }
        List<String> points = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            double x = 2 * Math.PI * order[i] / m;
            double re = Math.cos(x);
            double im = Math.sin(x);
            points.add("(" + re + (im < 0 ? "" : "+") + im + "j)");
        }
        Map<String, String> p = new LinkedHashMap<>(b.params());
        p.remove("constellation_points");
        p.remove("mod_code");
        p.put("constellation", "digital.constellation_calcdist([" + String.join(", ", points) + "], ["
                + String.join(", ", map) + "], 4, 1, digital.constellation.NO_NORMALIZATION)");
        p.putIfAbsent("truncate", "False");
        return new GrcBlock(b.name(), "digital_constellation_modulator", p, b.x(), b.y(), b.rotation(), b.state());
    }
}
