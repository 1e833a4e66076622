package org.sigflow.grc;

import java.util.Map;

/**
 * GRC's {@code variable_header_format_default} as the Python call GNU Radio makes of it
 * ({@code digital.header_format_default(access_code, threshold, bps)}; an access code of 0 stands for
 * {@code digital.packet_utils.default_access_code}), so that the packet blocks using it (protocol formatter and
 * parser) read its arguments through their mapping's {@code calls}, as the constellation blocks read a constellation.
 */
final class GrcHeaderFormats {
    static final String KIND = "variable_header_format_default";

    private GrcHeaderFormats() {}

    /** The call GNU Radio's template makes of the block's params. */
    static String call(Map<String, String> p) {
        String code = p.getOrDefault("access_code", "0").strip();
        if (code.matches("(['\"]?)0+\\1")) {
            code = "digital.packet_utils.default_access_code";
        }
        return "digital.header_format_default(" + code + ", " + p.getOrDefault("threshold", "0").strip() + ", "
                + p.getOrDefault("bps", "1").strip() + ")";
    }

    /** Whether a GRC value is a call of one of GNU Radio's header format constructors (also packet_header_*). */
    static boolean isCall(String value) {
        return value != null && value.strip().matches(
                "(?s)(?:gnuradio\\.)?digital\\.(?:header_format|packet_header)_\\w+\\s*\\(.*\\)");
    }
}
