package org.sigflow.grc;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Parses the YAML of a {@code .grc} file into plain maps, lists, strings, numbers and booleans. Safe by
 * construction: SnakeYAML's {@link SafeConstructor} builds only standard YAML types (a {@code !!python/…} or any
 * other custom tag is an error), and the loader limits size, nesting and aliases (no "billion laughs"). Nothing in
 * the file is ever executed.
 */
final class GrcYaml {
    /** GRC files are small (the largest of GNU Radio's 280 examples is ~200 KB). */
    static final int MAX_CHARS = 8 * 1024 * 1024;
    private static final Pattern LEGACY_XML = Pattern.compile("\\A\\s*(<\\?xml|<flow_graph)");

    private GrcYaml() {}

    static Object parse(String text, String source) throws GrcFormatException {
        if (text.length() > MAX_CHARS) {
            throw new GrcFormatException(source, "the file is larger than " + MAX_CHARS / (1024 * 1024)
                    + " MiB; GRC flowgraphs are far smaller, so this is not one");
        }
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        if (LEGACY_XML.matcher(body).find()) {
            throw new GrcFormatException(source, "GRC 3.7 XML format; open and save it in GNU Radio 3.8+ "
                    + "(which writes the YAML format SigFlow imports)");
        }
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(20);
        options.setAllowRecursiveKeys(false);
        options.setNestingDepthLimit(50);
        options.setCodePointLimit(MAX_CHARS);
        options.setAllowDuplicateKeys(false);
        options.setProcessComments(false);
        Yaml yaml = new Yaml(new SafeConstructor(options));
        try {
            return yaml.load(body);
        } catch (MarkedYAMLException e) {
            Mark m = e.getProblemMark();
            String at = m == null ? "" : " at line " + (m.getLine() + 1) + ", column " + (m.getColumn() + 1);
            throw new GrcFormatException(source, "not a readable GRC (YAML) file" + at + ": "
                    + firstLine(e.getProblem() != null ? e.getProblem() : e.getMessage()));
        } catch (YAMLException | IllegalArgumentException | IllegalStateException e) {
            throw new GrcFormatException(source, "not a readable GRC (YAML) file: " + firstLine(e.getMessage()));
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        Matcher m = Pattern.compile("[\\r\\n]").matcher(s);
        return m.find() ? s.substring(0, m.start()) : s;
    }
}
