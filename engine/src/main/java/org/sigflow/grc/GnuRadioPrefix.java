package org.sigflow.grc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * GNU Radio's {@code gr.prefix()} (its install prefix, which examples use to find data files such as the LDPC alist
 * matrices under {@code share/gnuradio/fec/ldpc}) as a string literal: the first of the usual prefixes that holds
 * {@code share/gnuradio}, else {@code /usr} (Debian's, GNU Radio's packaged prefix). Nothing is run to find it.
 */
final class GnuRadioPrefix {
    static final Pattern PATTERN = Pattern.compile("(?<![\\w.])(?:gnuradio\\.)?gr\\.prefix\\s*\\(\\s*\\)");
    private static final List<String> CANDIDATES = List.of("/usr", "/usr/local", "/opt/homebrew", "/opt/local");

    private GnuRadioPrefix() {}

    /** The prefix as a SigFlow string literal. */
    static String literal() {
        return "'" + prefix() + "'";
    }

    /** What the import report says where a value uses {@code gr.prefix()}. */
    static String note() {
        return "gr.prefix() (GNU Radio's install prefix) is read as '" + prefix() + "'"
                + (Files.isDirectory(Path.of(prefix(), "share", "gnuradio")) ? ", where GNU Radio is installed here"
                : ": no GNU Radio installation found (share/gnuradio under " + String.join(", ", CANDIDATES) + ")");
    }

    private static String prefix() {
        return CANDIDATES.stream().filter(p -> Files.isDirectory(Path.of(p, "share", "gnuradio"))).findFirst()
                .orElse(CANDIDATES.getFirst());
    }
}
