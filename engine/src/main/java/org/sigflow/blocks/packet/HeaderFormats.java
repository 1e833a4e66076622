package org.sigflow.blocks.packet;

import java.util.List;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockSetup;

/** The header format a block's params describe ({@code format} and the params of that format). */
final class HeaderFormats {
    private HeaderFormats() {}

    static HeaderFormat create(BlockSetup s) {
        return switch (s.string("format")) {
            case "default" -> new AccessCodeHeaderFormat(s.string("access_code"), s.integer("threshold"),
                    s.integer("bps"), false);
            case "counter" -> new AccessCodeHeaderFormat(s.string("access_code"), s.integer("threshold"),
                    s.integer("bps"), true);
            case "crc" -> new CrcHeaderFormat(s.string("len_key"), s.string("num_key"));
            case "ofdm" -> new CrcHeaderFormat(s.string("len_key"), s.string("num_key"), setSizes(s),
                    s.integer("n_syms"), s.string("frame_key"), s.integer("bits_per_header_sym"),
                    s.integer("bits_per_payload_sym"), s.bool("scramble_header"));
            default -> throw new IllegalArgumentException("unknown header format '" + s.string("format") + "'");
        };
    }

    private static int[] setSizes(BlockSetup s) {
        List<Value> sets = s.param("occupied_carriers").asList();
        int[] sizes = new int[sets.size()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = sets.get(i).asList().size();
        }
        return sizes;
    }
}
