package org.sigflow.grc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GRC's {@code variable_file_filter_taps} (GNU Radio's {@code filter.file_taps_loader(file, verbose).get_taps()}):
 * the taps are read from the file when importing, as GNU Radio reads them (CSV rows; a row starting with
 * {@code taps}, or a row of numbers, gives the taps, complex when its first value looks like {@code 1.5+2j}; the last
 * such row wins; other rows are the filter design tool's parameters), and the variable holds that list. Nothing is executed: a file named by GNU Radio's install prefix
 * ({@code subprocess.getoutput("gnuradio-config-info --prefix") + "/share/…"}) is looked for where GNU Radio installs.
 * A file that cannot be read or a row that is not numbers is reported with the variable, the file and the line, and
 * the value is kept as written (so validation points at it).
 */
final class GrcFileTaps {
    static final String KIND = "variable_file_filter_taps";
    /** GNU Radio's {@code gnuradio-config-info --prefix} on Debian and for a source install (not run: looked up). */
    private static final List<String> PREFIXES = List.of("/usr", "/usr/local");
    private static final Pattern PREFIX_CALL = Pattern.compile(
            "subprocess\\.getoutput\\(\\s*(['\"])gnuradio-config-info --prefix\\1\\s*\\)\\s*\\+\\s*(['\"])(.*)\\2");
    /** GNU Radio's test for a complex value: {@code [+-]?\d+\.*\d*[Ee]?[-+]?\d+j}. */
    private static final Pattern COMPLEX = Pattern.compile("[+-]?\\d+\\.*\\d*[Ee]?[-+]?\\d+j");
    private static final long MAX_BYTES = 8L << 20;

    private GrcFileTaps() {}

    /** Gives each {@code variable_file_filter_taps} the {@code value} of its taps (or its call, kept), for GrcVariables. */
    static GrcFlowgraph apply(GrcFlowgraph fg, Path dir, ImportReport.Builder report) {
        if (fg.blocks().stream().noneMatch(b -> b.id().equals(KIND))) {
            return fg;
        }
        List<GrcBlock> blocks = new ArrayList<>();
        for (GrcBlock b : fg.blocks()) {
            if (!b.id().equals(KIND)) {
                blocks.add(b);
                continue;
            }
            String file = b.params().getOrDefault("file", "").strip();
            String subject = "variable " + b.describe();
            String value;
            try {
                Path path = resolve(file, dir);
                value = read(path, subject, report);
                report.note(subject, "taps read from " + path + " when importing (GNU Radio reads them when the "
                        + "flowgraph starts); re-import after changing the file");
            } catch (IllegalArgumentException e) {
                value = "filter.file_taps_loader(" + file + ", " + b.params().getOrDefault("verbose", "False")
                        + ").get_taps()";
                report.attention(subject, e.getMessage());
            }
            Map<String, String> p = new LinkedHashMap<>();
            p.put("value", value);
            blocks.add(new GrcBlock(b.name(), KIND, p, b.x(), b.y(), b.rotation(), b.state()));
        }
        return new GrcFlowgraph(fg.fileFormat(), fg.options(), blocks, fg.connections(), fg.problems());
    }

    /** The file a {@code file} param names: a string literal, GNU Radio's prefix plus a path, or a raw path. */
    static Path resolve(String file, Path dir) {
        Matcher m = PREFIX_CALL.matcher(file);
        if (m.matches()) {
            for (String prefix : PREFIXES) {
                Path p = Path.of(prefix + m.group(3));
                if (Files.isRegularFile(p)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("taps file " + m.group(3) + " under GNU Radio's install prefix not "
                    + "found (looked in " + String.join(", ", PREFIXES) + "; the prefix is not asked from "
                    + "gnuradio-config-info: nothing is run); give the file's path");
        }
        String raw = file;
        if (raw.length() >= 2 && (raw.startsWith("\"") && raw.endsWith("\"") || raw.startsWith("'") && raw.endsWith("'"))) {
            raw = raw.substring(1, raw.length() - 1);
        }
        if (raw.isEmpty()) {
            throw new IllegalArgumentException("no taps file given");
        }
        Path p = Path.of(raw);
        return p.isAbsolute() || dir == null ? p : dir.resolve(p);
    }

    /** The taps of the file as a SigFlow list, or an error naming the file and line. */
    static String read(Path path, String subject, ImportReport.Builder report) {
        List<String> lines;
        try {
            if (Files.size(path) > MAX_BYTES) {
                throw new IllegalArgumentException("taps file " + path + " is larger than 8 MiB, so not a taps file");
            }
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new IllegalArgumentException("cannot read taps file " + path + ": " + (e instanceof
                    java.nio.file.NoSuchFileException ? "no such file" : e.getMessage()));
        }
        String taps = null;
        int tapRows = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] cells = line.split(",", -1);
            boolean labelled = cells[0].strip().equals("taps");
            List<String> values = List.of(cells).subList(labelled ? 1 : 0, cells.length);
            if (values.isEmpty()) {
                throw new IllegalArgumentException("taps file " + path + " line " + (i + 1) + ": no taps after 'taps'");
            }
            String where = "taps file " + path + " line " + (i + 1);
            try {
                taps = COMPLEX.matcher(values.getFirst()).find() ? complexList(values, where) : realList(values, where);
                tapRows++;
            } catch (IllegalArgumentException e) {
                if (labelled) {
                    throw e;
                }
                // GNU Radio keeps a row of other values as a parameter of the filter design tool
            }
        }
        if (taps == null) {
            throw new IllegalArgumentException("taps file " + path + " holds no row of taps (a row 'taps,…' or a row "
                    + "of numbers)");
        }
        if (tapRows > 1) {
            report.note(subject, "taps file " + path + " has " + tapRows + " rows of taps; the last one is used, as "
                    + "GNU Radio does");
        }
        return taps;
    }

    private static String realList(List<String> cells, String where) {
        StringBuilder sb = new StringBuilder("[");
        for (String c : cells) {
            sb.append(sb.length() > 1 ? ", " : "").append(number(c.strip(), where));
        }
        return sb.append(']').toString();
    }

    private static String complexList(List<String> cells, String where) {
        StringBuilder sb = new StringBuilder("[");
        for (String c : cells) {
            double[] z = complex(c.strip(), where);
            sb.append(sb.length() > 1 ? ", " : "").append('(').append(z[0]).append(z[1] < 0 || z[1] == 0 && 1 / z[1] < 0
                    ? "-" : "+").append(Math.abs(z[1])).append("j)");
        }
        return sb.append(']').toString();
    }

    /** Python's {@code float(text)} for finite values. */
    private static double number(String text, String where) {
        try {
            if (text.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
                return Double.parseDouble(text);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(where + ": '" + text + "' is not a number");
    }

    /** Python's {@code complex(text)}: {@code (a+bj)}, {@code a+bj}, {@code bj} or {@code a}. */
    private static double[] complex(String text, String where) {
        String t = text.startsWith("(") && text.endsWith(")") ? text.substring(1, text.length() - 1) : text;
        if (!t.endsWith("j")) {
            return new double[] {number(t, where), 0};
        }
        String body = t.substring(0, t.length() - 1);
        int split = -1;
        for (int i = body.length() - 1; i > 0; i--) {
            char c = body.charAt(i);
            if ((c == '+' || c == '-') && body.charAt(i - 1) != 'e' && body.charAt(i - 1) != 'E') {
                split = i;
                break;
            }
        }
        try {
            String im = split < 0 ? body : body.substring(split);
            return new double[] {split < 0 ? 0 : number(body.substring(0, split), where),
                    im.equals("+") || im.equals("-") || im.isEmpty() ? (im.equals("-") ? -1 : 1) : number(im, where)};
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": '" + text + "' is not a complex number");
        }
    }
}
