package org.sigflow.sigmf;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.format.FormatProblem;
import org.sigflow.format.GraphFormatException;
import org.sigflow.format.JsonPaths;
import org.sigflow.format.LocatedJson;
import org.sigflow.format.LocatedJsonParser;

/**
 * Reads a {@code .sigmf-meta} document and checks it against the SigMF 1.x core schema (required objects and
 * fields, types, ranges, the datatype grammar, ascending captures and annotations, ISO-8601 datetimes). Every
 * problem is reported at once with its JSON path and line:column; a file with problems is never half-used. Fields
 * of other namespaces are allowed and ignored, as the standard asks.
 */
public final class SigmfMetaReader {
    private final List<FormatProblem> problems = new ArrayList<>();
    private LocatedJson doc;

    private SigmfMetaReader() {}

    public static SigmfMetadata read(String text, String source) throws SigmfException {
        return new SigmfMetaReader().parse(text, source);
    }

    private SigmfMetadata parse(String text, String source) throws SigmfException {
        try {
            doc = LocatedJsonParser.parse(text, source);
        } catch (GraphFormatException e) {
            throw new SigmfException(source, e.problems());
        }
        problems.addAll(doc.duplicateKeys());
        JsonNode root = doc.root();
        if (!root.isObject()) {
            throw new SigmfException(source, List.of(doc.problem("$", "a SigMF metadata file is a JSON object with "
                    + "'global', 'captures' and 'annotations'")));
        }
        JsonNode global = required(root, "$", "global", "object");
        JsonNode captures = required(root, "$", "captures", "array");
        JsonNode annotations = required(root, "$", "annotations", "array");
        SigmfMetadata meta = global == null ? null : global(global);
        List<SigmfCapture> caps = captures == null ? List.of() : captures(captures);
        List<SigmfAnnotation> anns = annotations == null ? List.of() : annotations(annotations);
        if (!problems.isEmpty() || meta == null) {
            problems.sort(java.util.Comparator.comparingInt(FormatProblem::line).thenComparingInt(FormatProblem::column));
            throw new SigmfException(source, problems);
        }
        return meta.withCaptures(caps).withAnnotations(anns);
    }

    private JsonNode required(JsonNode parent, String path, String key, String kind) {
        JsonNode n = parent.get(key);
        String at = JsonPaths.key(path, key);
        if (n == null) {
            problems.add(doc.problem(path, "'" + key + "' is missing (SigMF requires it)"));
            return null;
        }
        boolean ok = kind.equals("object") ? n.isObject() : n.isArray();
        if (!ok) {
            problems.add(doc.problem(at, "'" + key + "' must be a JSON " + kind));
            return null;
        }
        return n;
    }

    private SigmfMetadata global(JsonNode g) {
        String path = "$.global";
        String datatypeText = text(g, path, "core:datatype", true);
        SigmfDatatype datatype = null;
        if (datatypeText != null) {
            try {
                datatype = SigmfDatatype.parse(datatypeText);
            } catch (IllegalArgumentException e) {
                problems.add(doc.problem(JsonPaths.key(path, "core:datatype"), e.getMessage()));
            }
        }
        String version = text(g, path, "core:version", true);
        if (version != null && !version.matches("[01]\\.\\d+\\.\\d+.*")) {
            problems.add(doc.problem(JsonPaths.key(path, "core:version"), "SigFlow reads SigMF up to 1.x; this file says "
                    + "version '" + version + "'"));
        }
        double rate = number(g, path, "core:sample_rate", Double.NaN);
        if (!Double.isNaN(rate) && !(rate >= 1 && rate <= 1e12)) {
            problems.add(doc.problem(JsonPaths.key(path, "core:sample_rate"), "the sample rate must be between 1 "
                    + "and 1e12 samples per second, not " + rate));
        }
        long channels = integer(g, path, "core:num_channels", 1);
        if (channels == 0 || channels > 1000) {
            problems.add(doc.problem(JsonPaths.key(path, "core:num_channels"), "must be between 1 and 1000, not "
                    + channels));
        }
        long offset = integer(g, path, "core:offset", 0);
        String description = text(g, path, "core:description", false);
        String author = text(g, path, "core:author", false);
        String recorder = text(g, path, "core:recorder", false);
        String hw = text(g, path, "core:hw", false);
        String sha = text(g, path, "core:sha512", false);
        if (sha != null && !sha.matches("[0-9a-fA-F]{128}")) {
            problems.add(doc.problem(JsonPaths.key(path, "core:sha512"), "must be 128 hexadecimal digits (a SHA-512 "
                    + "hash)"));
        }
        text(g, path, "core:dataset", false);
        if (datatype == null || version == null) {
            return null;
        }
        return new SigmfMetadata(datatype, rate, version, (int) Math.min(channels, Integer.MAX_VALUE), description,
                author, recorder, hw, offset, List.of(), List.of());
    }

    private List<SigmfCapture> captures(JsonNode array) {
        List<SigmfCapture> out = new ArrayList<>();
        long last = -1;
        for (int i = 0; i < array.size(); i++) {
            String path = JsonPaths.index("$.captures", i);
            JsonNode c = array.get(i);
            if (!c.isObject()) {
                problems.add(doc.problem(path, "a capture segment must be a JSON object"));
                continue;
            }
            long start = startOf(c, path);
            double freq = number(c, path, "core:frequency", Double.NaN);
            if (Math.abs(freq) > 1e12) {
                problems.add(doc.problem(JsonPaths.key(path, "core:frequency"), "the centre frequency must be within "
                        + "±1e12 Hz, not " + freq));
            }
            String datetime = datetime(c, path);
            long header = integer(c, path, "core:header_bytes", 0);
            integer(c, path, "core:global_index", 0);
            if (start < 0 || header < 0) {
                continue;
            }
            if (start <= last) {
                problems.add(doc.problem(JsonPaths.key(path, "core:sample_start"), "captures must be in ascending "
                        + "core:sample_start order without repeats (" + start + " follows " + last + ")"));
            }
            last = Math.max(last, start);
            out.add(new SigmfCapture(start, freq, datetime, header));
        }
        return out;
    }

    private List<SigmfAnnotation> annotations(JsonNode array) {
        List<SigmfAnnotation> out = new ArrayList<>();
        long last = -1;
        for (int i = 0; i < array.size(); i++) {
            String path = JsonPaths.index("$.annotations", i);
            JsonNode a = array.get(i);
            if (!a.isObject()) {
                problems.add(doc.problem(path, "an annotation must be a JSON object"));
                continue;
            }
            long start = startOf(a, path);
            long count = integer(a, path, "core:sample_count", -1);
            double lo = number(a, path, "core:freq_lower_edge", Double.NaN);
            double hi = number(a, path, "core:freq_upper_edge", Double.NaN);
            if (lo > hi) {
                problems.add(doc.problem(JsonPaths.key(path, "core:freq_lower_edge"), "the lower frequency edge ("
                        + lo + ") is above the upper one (" + hi + ")"));
            }
            String label = text(a, path, "core:label", false);
            String comment = text(a, path, "core:comment", false);
            if (start < 0) {
                continue;
            }
            if (start < last) {
                problems.add(doc.problem(JsonPaths.key(path, "core:sample_start"), "annotations must be in ascending "
                        + "core:sample_start order (" + start + " follows " + last + ")"));
            }
            last = Math.max(last, start);
            out.add(new SigmfAnnotation(start, count, label, comment, lo, hi));
        }
        return out;
    }

    private long startOf(JsonNode segment, String path) {
        if (!segment.has("core:sample_start")) {
            problems.add(doc.problem(path, "'core:sample_start' is missing (SigMF requires it in every segment)"));
            return -1;
        }
        return integer(segment, path, "core:sample_start", -1);
    }

    private String datetime(JsonNode c, String path) {
        String t = text(c, path, "core:datetime", false);
        if (t != null) {
            try {
                if (!t.endsWith("Z")) {
                    throw new DateTimeParseException("not UTC", t, 0); // SigMF allows only the Z offset
                }
                java.time.OffsetDateTime.parse(t);
            } catch (DateTimeParseException e) {
                problems.add(doc.problem(JsonPaths.key(path, "core:datetime"), "'" + t + "' is not an ISO-8601 "
                        + "UTC date and time (SigMF wants the form 2024-05-01T12:00:00.000Z)"));
                return null;
            }
        }
        return t;
    }

    private String text(JsonNode parent, String path, String key, boolean required) {
        JsonNode n = parent.get(key);
        if (n == null) {
            if (required) {
                problems.add(doc.problem(path, "'" + key + "' is missing (SigMF requires it)"));
            }
            return null;
        }
        if (!n.isTextual()) {
            problems.add(doc.problem(JsonPaths.key(path, key), "'" + key + "' must be a string, not " + n));
            return null;
        }
        return n.asText();
    }

    private double number(JsonNode parent, String path, String key, double absent) {
        JsonNode n = parent.get(key);
        if (n == null) {
            return absent;
        }
        if (!n.isNumber()) {
            problems.add(doc.problem(JsonPaths.key(path, key), "'" + key + "' must be a number, not " + n));
            return absent;
        }
        return n.asDouble();
    }

    /** A non-negative integer field; returns −1 after reporting a bad one. */
    private long integer(JsonNode parent, String path, String key, long absent) {
        JsonNode n = parent.get(key);
        if (n == null) {
            return absent;
        }
        if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < 0) {
            problems.add(doc.problem(JsonPaths.key(path, key), "'" + key + "' must be a non-negative integer, not "
                    + n));
            return -1;
        }
        return n.asLong();
    }
}
