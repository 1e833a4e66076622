package org.sigflow.grc;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GNU Radio's {@code tagged_streams.make_lengthtags(lengths, offsets, tagname[, vlen])} (a vector source's tags) with
 * literal numbers, as the tag tuples {@code vector_source} reads: one {@code (offset // vlen, key, length // vlen,
 * srcid)} per pair, key {@code pmt.intern(tagname)}, value {@code pmt.from_long(…)}, as GNU Radio's helper builds
 * them (its tags have no source id).
 */
final class GrcLengthTags {
    private static final Pattern CALL = Pattern.compile("\\A(?:[\\w.]*\\.)?make_lengthtags\\(\\s*[(\\[]([\\d\\s,]*)"
            + "[)\\]]\\s*,\\s*[(\\[]([\\d\\s,]*)[)\\]]\\s*(?:,\\s*([\"'])([^\"'\\\\]*)\\3\\s*)?(?:,\\s*(\\d+)\\s*)?\\)\\z");

    private GrcLengthTags() {}

    /** The SigFlow string literal of the tags, or null when {@code grc} is not such a call with literals. */
    static String of(String grc) {
        Matcher m = CALL.matcher(grc.strip());
        if (!m.matches()) {
            return null;
        }
        List<Long> lengths = numbers(m.group(1));
        List<Long> offsets = numbers(m.group(2));
        long vlen = m.group(5) == null ? 1 : Long.parseLong(m.group(5));
        if (lengths.size() != offsets.size() || vlen < 1) {
            return null;                                    // GNU Radio's helper asserts equal lengths
        }
        String key = m.group(4) == null ? "length" : m.group(4);
        StringBuilder tags = new StringBuilder();
        for (int i = 0; i < lengths.size(); i++) {
            tags.append(i == 0 ? "" : ", ").append("(").append(offsets.get(i) / vlen).append(", pmt.intern(\"")
                    .append(key).append("\"), pmt.from_long(").append(lengths.get(i) / vlen).append("), pmt.PMT_F)");
        }
        return PythonExpressions.stringLiteral(tags.toString());
    }

    private static List<Long> numbers(String list) {
        List<Long> out = new ArrayList<>();
        for (String n : list.split(",")) {
            if (!n.isBlank()) {
                out.add(Long.parseLong(n.strip()));
            }
        }
        return out;
    }
}
