package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Methods of FEC coder and header format objects in GRC params, as the values GNU Radio 3.10 returns (packet_rx.grc:
 * {@code int(1.0/hdr_dec.rate())}, {@code hdr_format.header_nbits()}), when the object is a variable, a hier
 * parameter's default or a coder definition block:
 * <ul>
 * <li>{@code rate()}: decoders' is code bits → data bits (dummy 1.0, repetition {@code 1.0 / rep}, cc
 * {@code 1.0 / rate}), encoders' the inverse (dummy 1.0, repetition {@code rep}, cc {@code rate}, CCSDS 2.0);</li>
 * <li>{@code header_nbits()}: the access code's length + 32 bits for {@code header_format_default}, + 64 for
 * {@code header_format_counter}, 32 for {@code header_format_crc}; the access code a string literal or
 * {@code digital.packet_utils.default_access_code} (64 bits).</li>
 * </ul>
 * A method of another object, or with arguments that are not known so, stays as written (and needs attention).
 * Constellation calls of variables and hier parameters are first written as the blocks read them
 * ({@link GrcConstellations#written}).
 */
final class GrcObjectMethods {
    private static final Pattern CALL = Pattern.compile("(?s)\\A\\s*([\\w.]+)\\s*\\((.*)\\)\\s*\\z");
    private static final String DEFAULT_CODE = "digital.packet_utils.default_access_code";

    private GrcObjectMethods() {}

    static GrcFlowgraph apply(GrcFlowgraph fg) {
        fg = writtenConstellations(fg);
        Map<String, GrcBlock> byName = new LinkedHashMap<>();
        fg.blocks().stream().filter(b -> !"disabled".equals(b.state())).forEach(b -> byName.put(b.name(), b));
        Map<String, Map<String, String>> methods = new LinkedHashMap<>();      // object → method → value
        for (GrcBlock b : byName.values()) {
            String call = GrcFecCoders.KINDS.contains(b.id()) ? GrcFecCoders.call(b.id(), b.params(), byName)
                    : b.id().equals(GrcHeaderFormats.KIND) ? GrcHeaderFormats.call(b.params())
                    : b.id().equals("variable") || b.id().equals("parameter") ? b.params().getOrDefault("value", "")
                    : null;
            Map<String, String> m = call == null ? Map.of() : values(call);
            if (!m.isEmpty()) {
                methods.put(b.name(), m);
            }
        }
        if (methods.isEmpty()) {
            return fg;
        }
        boolean changed = false;
        List<GrcBlock> blocks = new ArrayList<>();
        for (GrcBlock b : fg.blocks()) {
            Map<String, String> p = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : b.params().entrySet()) {
                String v = replace(e.getValue(), methods);
                changed |= !v.equals(e.getValue());
                p.put(e.getKey(), v);
            }
            blocks.add(new GrcBlock(b.name(), b.id(), p, b.x(), b.y(), b.rotation(), b.state()));
        }
        return changed ? new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems()) : fg;
    }

    /** Constellation calls held by variables and hier parameters in the form the blocks read (GrcConstellations). */
    private static GrcFlowgraph writtenConstellations(GrcFlowgraph fg) {
        boolean changed = false;
        List<GrcBlock> blocks = new ArrayList<>();
        for (GrcBlock b : fg.blocks()) {
            String v = b.params().get("value");
            if ((b.id().equals("variable") || b.id().equals("parameter")) && v != null
                    && !GrcConstellations.written(v).equals(v)) {
                Map<String, String> p = new LinkedHashMap<>(b.params());
                p.put("value", GrcConstellations.written(v));
                b = new GrcBlock(b.name(), b.id(), p, b.x(), b.y(), b.rotation(), b.state());
                changed = true;
            }
            blocks.add(b);
        }
        return changed ? new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems()) : fg;
    }

    private static String replace(String text, Map<String, Map<String, String>> methods) {
        if (!text.contains("(")) {
            return text;
        }
        String out = text;
        for (Map.Entry<String, Map<String, String>> o : methods.entrySet()) {
            Matcher m = Pattern.compile("(?<![\\w.])" + Pattern.quote(o.getKey()) + "\\.(\\w+)\\(\\s*\\)").matcher(out);
            out = m.replaceAll(r -> Matcher.quoteReplacement(o.getValue().getOrDefault(r.group(1), r.group())));
        }
        return out;
    }

    /** The methods' values of the object a constructor call makes, by method name (empty: not known). */
    static Map<String, String> values(String call) {
        Matcher m = CALL.matcher(call);
        if (!m.matches()) {
            return Map.of();
        }
        String f = m.group(1);
        List<String> args = DesignCalls.splitArguments(m.group(2));
        if (args == null) {
            return Map.of();
        }
        String rate = switch (f) {
            case "fec.dummy_encoder_make", "fec.dummy_decoder.make" -> "1.0";
            case "fec.repetition_encoder_make" -> arg(args, 1, "(%s)");
            case "fec.repetition_decoder.make" -> arg(args, 1, "(1.0 / (%s))");
            case "fec.cc_encoder_make" -> arg(args, 2, "(%s)");
            case "fec.cc_decoder.make" -> arg(args, 2, "(1.0 / (%s))");
            case "fec.ccsds_encoder_make" -> "2.0";
            default -> null;
        };
        if (rate != null) {
            return Map.of("rate", rate);
        }
        String bits = switch (f) {
            case "digital.header_format_default" -> codeBits(args, 32);
            case "digital.header_format_counter" -> codeBits(args, 64);
            case "digital.header_format_crc" -> "32";
            default -> null;
        };
        return bits == null ? Map.of() : Map.of("header_nbits", bits);
    }

    private static String arg(List<String> args, int i, String format) {
        return args.size() > i && !args.get(i).contains("=") ? String.format(format, args.get(i).strip()) : null;
    }

    /** The access code's bits + {@code more}, or null when the code is not written out. */
    private static String codeBits(List<String> args, int more) {
        if (args.isEmpty()) {
            return null;
        }
        String code = args.getFirst().strip();
        if (code.equals(DEFAULT_CODE)) {
            return Integer.toString(64 + more);
        }
        return code.matches("(['\"])[01]+\\1") ? Integer.toString(code.length() - 2 + more) : null;
    }
}
