package org.sigflow.grc;

import java.util.List;
import java.util.Map;

/**
 * GRC's FEC coder definitions ({@code variable_cc_encoder_def}, {@code variable_cc_decoder_def}, the dummy,
 * repetition and CCSDS ones) as the Python call GNU Radio's template makes ({@code fec.cc_encoder_make(framebits, k,
 * rate, polys, state_start, mode, padding)}, …), so the FEC blocks using them read its arguments through their
 * mapping's {@code calls}, as constellation blocks read a {@code variable_constellation}. A list of coders
 * ({@code ndim} 1 or 2, for GNU Radio's threaded deployments) is read as one coder: the same output, except that
 * parallel streaming cc encoders each carry their own state.
 */
final class GrcFecCoders {
    /** GRC block id → the call's function and the GRC params that are its arguments. */
    private static final Map<String, Map.Entry<String, List<String>>> CALLS = Map.of(
            "variable_cc_encoder_def", Map.entry("fec.cc_encoder_make",
                    List.of("framebits", "k", "rate", "polys", "state_start", "mode", "padding")),
            "variable_cc_decoder_def", Map.entry("fec.cc_decoder.make",
                    List.of("framebits", "k", "rate", "polys", "state_start", "state_end", "mode", "padding")),
            "variable_ccsds_encoder_def", Map.entry("fec.ccsds_encoder_make",
                    List.of("framebits", "state_start", "mode")),
            "variable_dummy_encoder_def", Map.entry("fec.dummy_encoder_make", List.of("framebits")),
            "variable_dummy_decoder_def", Map.entry("fec.dummy_decoder.make", List.of("framebits")),
            "variable_repetition_encoder_def", Map.entry("fec.repetition_encoder_make", List.of("framebits", "rep")),
            "variable_repetition_decoder_def", Map.entry("fec.repetition_decoder.make",
                    List.of("framebits", "rep", "prob")));
    /** GNU Radio's polar code configurator: a dict of frozen bit positions and values the polar coders read. */
    static final String POLAR_CONFIG = "variable_polar_code_configurator";
    private static final Map<String, String> POLAR = Map.of("variable_polar_encoder_def", "fec.polar_encoder_bec",
            "variable_polar_decoder_sc_def", "fec.polar_decoder_sc_bec",
            "variable_polar_decoder_sc_list_def", "fec.polar_decoder_sc_list_bec");
    private static final java.util.regex.Pattern CONFIG_ENTRY =
            java.util.regex.Pattern.compile("\\s*(\\w+)\\s*\\[\\s*['\"](positions|values)['\"]\\s*]\\s*");

    static final java.util.Set<String> KINDS = union();

    private static java.util.Set<String> union() {
        java.util.Set<String> all = new java.util.HashSet<>(CALLS.keySet());
        all.addAll(POLAR.keySet());
        all.add(POLAR_CONFIG);
        all.addAll(GrcLdpcCoders.KINDS);
        return java.util.Set.copyOf(all);
    }

    private GrcFecCoders() {}

    /** Whether a GRC value is a call of one of the coder constructors above ({@code fec.dummy_encoder_make(8000)}). */
    static boolean isCall(String value) {
        String v = value == null ? "" : value.strip();
        return CALLS.values().stream().anyMatch(c -> v.startsWith(c.getKey() + "(")) && v.endsWith(")")
                || POLAR.values().stream().anyMatch(f -> v.startsWith(f + "(")) && v.endsWith(")");
    }

    /**
     * The call GNU Radio's template makes of the block's params (one coder, whatever {@code ndim}). A polar coder
     * whose frozen bits are {@code cfg['positions']}/{@code cfg['values']} of a BEC code configurator becomes
     * {@code fec.polar_encoder_bec(block_size, num_info_bits, design_snr)} (SigFlow's block redoes the construction);
     * anything else stays GNU Radio's call, which no mapping reads, so it needs attention.
     */
    static String call(String kind, Map<String, String> p, Map<String, GrcBlock> byName) {
        if (kind.equals(POLAR_CONFIG)) {
            return "polar.load_frozen_bits_info(False, " + String.join(", ", java.util.stream.Stream.of("channel",
                    "block_size", "num_info_bits", "design_snr", "mu").map(a -> p.getOrDefault(a, "").strip())
                    .toList()) + ")";
        }
        if (POLAR.containsKey(kind)) {
            return polar(kind, p, byName);
        }
        if (GrcLdpcCoders.KINDS.contains(kind)) {
            return GrcLdpcCoders.call(kind, p, byName);
        }
        Map.Entry<String, List<String>> c = CALLS.get(kind);
        return c.getKey() + "(" + String.join(", ", c.getValue().stream()
                .map(a -> p.getOrDefault(a, "").strip()).toList()) + ")";
    }

    private static String polar(String kind, Map<String, String> p, Map<String, GrcBlock> byName) {
        java.util.regex.Matcher pos = CONFIG_ENTRY.matcher(p.getOrDefault("frozen_bit_positions", ""));
        java.util.regex.Matcher val = CONFIG_ENTRY.matcher(p.getOrDefault("frozen_bit_values", ""));
        GrcBlock cfg = pos.matches() ? byName.get(pos.group(1)) : null;
        boolean bec = cfg != null && cfg.id().equals(POLAR_CONFIG) && pos.group(2).equals("positions")
                && val.matches() && val.group(1).equals(pos.group(1)) && val.group(2).equals("values")
                && cfg.params().getOrDefault("channel", "").strip().equals("polar.CHANNEL_TYPE_BEC")
                && p.getOrDefault("is_packed", "False").strip().equals("False");
        // the list decoder's list size first, as GNU Radio's make takes it
        String list = kind.endsWith("_list_def") ? p.getOrDefault("max_list_size", "8").strip() + ", " : "";
        if (!bec) {
            return (kind.contains("encoder") ? "fec.polar_encoder.make(" : list.isEmpty() ? "fec.polar_decoder_sc.make("
                    : "fec.polar_decoder_sc_list.make(" + list) + String.join(", ", java.util.stream.Stream.of(
                    "block_size", "num_info_bits", "frozen_bit_positions", "frozen_bit_values")
                    .map(a -> p.getOrDefault(a, "").strip()).toList()) + ")";
        }
        return POLAR.get(kind) + "(" + list + p.getOrDefault("block_size", "").strip() + ", "
                + p.getOrDefault("num_info_bits", "").strip() + ", "
                + cfg.params().getOrDefault("design_snr", "0.0").strip() + ")";
    }
}
