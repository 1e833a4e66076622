package org.sigflow.grc;

import java.util.List;
import java.util.Map;

/**
 * How one GRC block type becomes one SigFlow catalog block: read from the data files
 * {@code sigflow/grc/<catalog id>.json} (see {@code docs/grc-import.md}).
 *
 * @param grcId   the GRC block type id, e.g. {@code analog_sig_source_x}
 * @param block   the SigFlow catalog id it becomes
 * @param params  GRC param id → the SigFlow params it sets (usually one; {@code fir_filter_xxx}'s {@code type}
 *                sets two)
 * @param set     SigFlow params set to a fixed value whatever the GRC file says (e.g. {@code taps_mode})
 * @param ignore  GRC params without a counterpart that are dropped silently: param id → the values for which that
 *                is lossless, or {@code null} if any value is (GUI or performance settings); other values are
 *                reported
 * @param inputs  SigFlow input port names by GRC port index, or {@code null} to take the catalog's ports in order
 * @param outputs likewise for outputs
 * @param channels the GRC param that gives a display sink's number of inputs (e.g. {@code nconnections}), each of
 *                 which becomes a SigFlow sink of its own, drawn as one view's traces; {@code null} if none
 * @param messageInputs GRC message input name → SigFlow's, where they differ (a Qt sink fed by PDUs: its message
 *                 input {@code in} is the {@code pdus} input of the converter before it, {@link GrcMessageSinks});
 *                 empty: the same names. Set by the importer, not read from the mapping files
 */
record GrcMapping(String grcId, String block, Map<String, List<Rule>> params, Map<String, String> set,
                  Map<String, List<String>> ignore, List<String> inputs, List<String> outputs, String channels,
                  Map<String, String> messageInputs) {

    GrcMapping(String grcId, String block, Map<String, List<Rule>> params, Map<String, String> set,
               Map<String, List<String>> ignore, List<String> inputs, List<String> outputs, String channels) {
        this(grcId, block, params, set, ignore, inputs, outputs, channels, Map.of());
    }

    GrcMapping(String grcId, String block, Map<String, List<Rule>> params, Map<String, String> set,
               Map<String, List<String>> ignore, List<String> inputs, List<String> outputs) {
        this(grcId, block, params, set, ignore, inputs, outputs, null);
    }

    /** The {@link Rule#template} that joins a GRC list of string variables into one string. */
    static final String JOIN = "{+}";

    /**
     * One SigFlow param set from a GRC param.
     *
     * @param to     the SigFlow param id
     * @param values GRC value text → SigFlow value; a key ending in {@code *} matches every value starting with the
     *               rest. For an enum target the map must match (else the param needs attention); for any other
     *               target an unmatched value is translated as an expression. Empty: always translate.
     * @param calls  Python calls the value may be, by function name (e.g. {@code firdes.low_pass}), that set other
     *               params of the block instead (e.g. designed taps); empty if none
     * @param template a SigFlow expression with {@code {}} where the translated GRC value goes, for a unit change
     *               such as GRC's {@code update_time} (seconds) → {@code update_rate} ({@code "1 / ({})"}); null: the
     *               value as it is; {@link #JOIN} for a string target: a GRC list of string variables becomes their
     *               concatenation (a vector source's {@code [tag0, tag1]}); with {@code append}: text around the
     *               string value ({@code "driver={}"})
     * @param append for a string target: the separator with which the value is added to what the target holds
     *               already (a {@code set} value or an earlier param of the mapping): SoapySDR device arguments from
     *               a fixed driver and GRC's {@code dev_args}; an empty string adds nothing; null: the value replaces
     */
    record Rule(String to, Map<String, String> values, Map<String, Call> calls, String template, String onlyIf,
                String append) {
        Rule(String to, Map<String, String> values, Map<String, Call> calls, String template, String onlyIf) {
            this(to, values, calls, template, onlyIf, null);
        }

        Rule(String to, Map<String, String> values, Map<String, Call> calls, String template) {
            this(to, values, calls, template, null);
        }

        /**
         * Whether this rule applies, given the params set so far: {@code onlyIf} "param=value" (a GRC window that is
         * no named window sets the taps as well as window custom), or always when {@code null}.
         */
        boolean applies(Map<String, String> set) {
            if (onlyIf == null) {
                return true;
            }
            int eq = onlyIf.indexOf('=');
            return onlyIf.substring(eq + 1).equals(set.get(onlyIf.substring(0, eq)));
        }

        /** The translated value put into the template (if any). */
        String fill(String translated) {
            return template == null ? translated : template.replace("{}", translated);
        }

        /** The mapped value of {@code grcValue} (trimmed), or {@code null} if no key matches. */
        String lookup(String grcValue) {
            String v = grcValue.strip();
            String exact = values.get(v);
            if (exact != null) {
                return exact;
            }
            for (Map.Entry<String, String> e : values.entrySet()) {
                String k = e.getKey();
                if (k.endsWith("*") && v.startsWith(k.substring(0, k.length() - 1))) {
                    return e.getValue();
                }
            }
            return null;
        }
    }

    /**
     * A Python call whose positional arguments become params: {@code firdes.low_pass(1, fs, 5e3, 1e3)} →
     * {@code gain}, {@code samp_rate}, {@code cutoff}, {@code transition_width} (and {@code set}: taps designed).
     *
     * @param args      the SigFlow param of each positional argument, in order; trailing ones may be left out
     * @param argValues per param, a value map as in {@link Rule#values()} (enum arguments such as the window)
     * @param names     GNU Radio's Python name of each argument, for keyword arguments ({@code n_syms=1}); empty:
     *                  only positional arguments are read
     */
    record Call(Map<String, String> set, List<String> args, Map<String, Map<String, String>> argValues,
                List<String> names) {
        /** An {@code args} entry for an argument SigFlow has no use for (a constellation's rotational symmetry). */
        static final String DROPPED = "_";
    }
}
