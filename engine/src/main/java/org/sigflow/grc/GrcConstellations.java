package org.sigflow.grc;

import java.util.Map;

/**
 * GRC's {@code variable_constellation} as the Python call GNU Radio makes of it
 * ({@code digital.constellation_calcdist(points, sym_map, rot_sym, dims, normalization)} or
 * {@code digital.constellation_qpsk()}), so that the blocks using it (constellation modulator and decoder) read its
 * arguments through their mapping's {@code calls}, as filters read a {@code firdes} call. GNU Radio's point tables
 * {@code digital.psk_2()}, {@code psk_4()} and {@code qam_16()} (points [0] and symbol map [1]) become literals.
 */
final class GrcConstellations {
    static final String KIND = "variable_constellation";

    /** digital.psk_N()/qam_N() of gnuradio/digital/psk.py and qam.py, index 0 (points) and 1 (symbol map). */
    private static final Map<String, String> TABLES = Map.of(
            "digital.psk_2()[0]", "[-1, 1]",
            "digital.psk_2()[1]", "[0, 1]",
            "digital.psk_4()[0]", "[-1-1j, 1-1j, -1+1j, 1+1j]",
            "digital.psk_4()[1]", "[0, 1, 2, 3]",
            "digital.qam_16()[0]", "[-3-3j, -1-3j, 1-3j, 3-3j, -3-1j, -1-1j, 1-1j, 3-1j, -3+1j, -1+1j, 1+1j, 3+1j, "
                    + "-3+3j, -1+3j, 1+3j, 3+3j]",
            "digital.qam_16()[1]", "[0, 4, 12, 8, 1, 5, 13, 9, 3, 7, 15, 11, 2, 6, 14, 10]");

    private GrcConstellations() {}

    /** The call GNU Radio's template makes of the block's params. */
    static String call(Map<String, String> p) {
        String type = p.getOrDefault("type", "calcdist").strip();
        if (!type.equals("calcdist")) {
            return "digital.constellation_" + type + "()";
        }
        return "digital.constellation_calcdist(" + table(p.getOrDefault("const_points", "[]")) + ", "
                + table(p.getOrDefault("sym_map", "[]")) + ", " + p.getOrDefault("rot_sym", "4").strip() + ", "
                + p.getOrDefault("dims", "1").strip() + ", "
                + p.getOrDefault("normalization", "digital.constellation.AMPLITUDE_NORMALIZATION").strip() + ")";
    }

    /**
     * A {@code digital.constellation_calcdist(…)} call as a variable or hier parameter holds it (packet_rx.grc's
     * {@code calcdist((digital.psk_2()[0]), (digital.psk_2()[1]), 2, 1).base()}) with GNU Radio's point tables as
     * literals and without {@code .base()} (the same object), so the blocks' {@code calls} read it; anything else as
     * it is.
     */
    static String written(String value) {
        String calcdist = "digital.constellation_calcdist(";
        String v = value.strip().replaceFirst("\\)\\s*\\.base\\(\\)\\z", ")");
        if (!v.startsWith(calcdist) || !v.endsWith(")")) {
            return value;
        }
        java.util.List<String> args = DesignCalls.splitArguments(v.substring(calcdist.length(), v.length() - 1));
        return args == null ? value : calcdist + String.join(", ", args.stream().map(GrcConstellations::table)
                .map(String::strip).toList()) + ")";
    }

    static String table(String value) {
        String v = value.strip();
        while (v.startsWith("(") && v.endsWith(")") && TABLES.containsKey(v.substring(1, v.length() - 1).strip()
                .replaceAll("\\s+", ""))) {
            v = v.substring(1, v.length() - 1).strip();   // (digital.psk_2()[0]) as GRC writes a parameter's default
        }
        return TABLES.getOrDefault(v.replaceAll("\\s+", ""), v);
    }
}
