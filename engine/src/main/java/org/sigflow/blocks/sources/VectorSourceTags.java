package org.sigflow.blocks.sources;

import java.util.ArrayList;
import java.util.List;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtExpressions;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.OutputView;

/**
 * The stream tags of a {@code vector_source}, as GNU Radio's {@code vector_source} puts them: written as GRC's
 * {@code variable_tag_object} tuples {@code (offset, key, value, srcid)} one after another, keys and values as PMT
 * constructors ({@code (2, pmt.intern("mark"), pmt.from_long(5), pmt.intern("src"))}). A tag goes on item
 * {@code offset} of every pass of the vector (item {@code k·L + offset}); played once, only offsets inside the vector
 * are tagged. SigFlow's tags have no source id, so {@code srcid} is read and dropped.
 */
record VectorSourceTags(long[] offsets, String[] keys, Object[] values) {
    static final VectorSourceTags NONE = new VectorSourceTags(new long[0], new String[0], new Object[0]);

    static VectorSourceTags parse(String text) {
        List<String> groups = topLevel(text, '(', ')');
        long[] offsets = new long[groups.size()];
        String[] keys = new String[groups.size()];
        Object[] values = new Object[groups.size()];
        for (int i = 0; i < groups.size(); i++) {
            List<String> parts = splitCommas(groups.get(i));
            if (parts.size() < 3 || parts.size() > 4) {
                throw new IllegalArgumentException("tag " + (i + 1) + " '(" + groups.get(i)
                        + ")' is not (offset, key, value, srcid)");
            }
            try {
                offsets[i] = Long.parseLong(parts.get(0).strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("tag " + (i + 1) + ": offset '" + parts.get(0).strip()
                        + "' is not a whole number");
            }
            if (offsets[i] < 0) {
                throw new IllegalArgumentException("tag " + (i + 1) + ": offset " + offsets[i] + " is negative");
            }
            if (!(PmtExpressions.parse(parts.get(1).strip()) instanceof Pmt.Symbol key)) {
                throw new IllegalArgumentException("tag " + (i + 1) + ": the key must be a symbol "
                        + "(pmt.intern(\"...\")), got " + parts.get(1).strip());
            }
            keys[i] = key.name();
            values[i] = TagValues.fromPmt(PmtExpressions.parse(parts.get(2).strip()));
        }
        return new VectorSourceTags(offsets, keys, values);
    }

    /** Tags the items {@code [start, end)} of the output; {@code items} per pass of the vector. */
    void put(OutputView out, long start, long end, long items, boolean repeat) {
        for (int t = 0; t < offsets.length; t++) {
            long o = offsets[t];
            if (!repeat) {
                if (o < items && o >= start && o < end) {
                    out.addTag(o, keys[t], values[t]);
                }
                continue;
            }
            long k = start <= o ? 0 : (start - o + items - 1) / items;
            for (long at = k * items + o; at < end; at += items) {
                out.addTag(at, keys[t], values[t]);
            }
        }
    }

    /** The contents of each top-level {@code open … close} group, skipping quoted text. */
    private static List<String> topLevel(String text, char open, char close) {
        List<String> groups = new ArrayList<>();
        int depth = 0;
        int from = -1;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == open && depth++ == 0) {
                from = i + 1;
            } else if (c == close && --depth == 0) {
                groups.add(text.substring(from, i));
            } else if (depth == 0 && !Character.isWhitespace(c) && c != ',' && c != ';' && c != '[' && c != ']') {
                throw new IllegalArgumentException("tags: unexpected '" + c + "' at character " + (i + 1)
                        + "; write (offset, key, value, srcid) for each tag");
            }
        }
        if (depth != 0 || quote != 0) {
            throw new IllegalArgumentException("tags: unbalanced parentheses or quotes");
        }
        return groups;
    }

    /** Splits at the commas outside parentheses and quotes. */
    private static List<String> splitCommas(String s) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int from = 0;
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(s.substring(from, i));
                from = i + 1;
            }
        }
        parts.add(s.substring(from));
        return parts;
    }
}
