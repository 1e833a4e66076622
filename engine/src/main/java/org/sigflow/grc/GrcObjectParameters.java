package org.sigflow.grc;

/**
 * GRC hier block parameters that hold a GNU Radio object the blocks inside take whole: a FEC coder
 * ({@code fec.dummy_encoder_make(8000)}, packet_tx.grc's {@code hdr_enc}) or a header format
 * ({@code digital.header_format_default(…)}), or a constellation a block takes whole (a soft decoder's). SigFlow's values hold no objects, so such a parameter is not part of
 * the imported hier block's interface: the blocks inside take the object's arguments through their mappings'
 * {@code calls}, as they take a variable's. A parent that passes another object gets a variant of the hier block
 * with that object built in.
 */
final class GrcObjectParameters {
    static final String NOT_IN_INTERFACE = "a parameter holding a GNU Radio object (a FEC coder, header format or constellation),"
            + " which SigFlow's values cannot hold: not a parameter of the imported hier block; the blocks inside take "
            + "its arguments, and a parent passing another object gets a variant with that object built in";

    private GrcObjectParameters() {}

    private static final java.util.regex.Pattern PRESET = java.util.regex.Pattern.compile(
            "digital\\.\\w*constellation\\w*\\(\\s*\\)(?:\\.base\\(\\))?");

    /** Whether a GRC value is a FEC coder, header format or constellation object's constructor call. */
    static boolean isObject(String value) {
        String v = value == null ? "" : value.strip();
        return GrcFecCoders.isCall(v) || GrcHeaderFormats.isCall(v) || v.startsWith("digital.constellation_calcdist(")
                || PRESET.matcher(v).matches();
    }
}
