package org.sigflow.grc;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The modulations of GNU Radio's {@code gnuradio.trellis.fsm_utils} that the trellis examples use as values
 * ({@code fu.psk4} after {@code import gnuradio.trellis.fsm_utils as fu}): (dimensionality, flat list of points), as
 * GNU Radio 3.10's module defines them (printed by its Python). A reference like {@code fu.psk4} becomes that tuple
 * as text before translation; nothing is imported or run.
 */
final class GrcFsmUtils {
    private static final Map<String, String> MODULATIONS = Map.of(
            "pam2", "(1, [-1, 1])",
            "pam4", "(1, [-3, -1, 3, 1])",
            "pam8", "(1, [-7, -5, -3, -1, 1, 3, 5, 7])",
            "psk4", "(2, [1, 0, 0, 1, 0, -1, -1, 0])",
            "psk8", "(2, [1.0, 0.0, 0.7071067811865476, 0.7071067811865475, 6.123233995736766e-17, 1.0, "
                    + "-0.7071067811865475, 0.7071067811865476, -1.0, 1.2246467991473532e-16, -0.7071067811865477, "
                    + "-0.7071067811865475, -1.8369701987210297e-16, -1.0, 0.7071067811865474, -0.7071067811865477])",
            "orth2", "(2, [1, 0, 0, 1])",
            "orth4", "(4, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])",
            "c_channel", "[0.227, 0.46, 0.688, 0.46, 0.227]");         // an ISI channel's taps (viterbi_equalization)
    /** {@code fu.X}, {@code fsm_utils.X} or {@code trellis.fsm_utils.X} for a known X, not inside a longer name. */
    private static final Pattern REFERENCE = Pattern.compile(
            "(?<![\\w.])(?:fu|(?:gnuradio\\.)?(?:trellis\\.)?fsm_utils)\\.(\\w+)(?![\\w(])");

    private GrcFsmUtils() {}

    /** {@code python} with references to the known modulations replaced by their values. */
    static String expand(String python) {
        Matcher m = REFERENCE.matcher(python);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = MODULATIONS.get(m.group(1));
            m.appendReplacement(sb, Matcher.quoteReplacement(value == null ? m.group() : value));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
