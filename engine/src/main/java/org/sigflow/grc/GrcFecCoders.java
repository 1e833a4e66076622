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

    static final java.util.Set<String> KINDS = CALLS.keySet();

    private GrcFecCoders() {}

    /** The call GNU Radio's template makes of the block's params (one coder, whatever {@code ndim}). */
    static String call(String kind, Map<String, String> p) {
        Map.Entry<String, List<String>> c = CALLS.get(kind);
        return c.getKey() + "(" + String.join(", ", c.getValue().stream()
                .map(a -> p.getOrDefault(a, "").strip()).toList()) + ")";
    }
}
