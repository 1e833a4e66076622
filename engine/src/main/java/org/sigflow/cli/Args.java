package org.sigflow.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Command-line arguments of one sub-command: positionals, {@code --flag}, {@code --opt value}, repeated {@code --set}. */
final class Args {
    final List<String> positionals = new ArrayList<>();
    final Map<String, String> options = new LinkedHashMap<>();
    final Map<String, String> sets = new LinkedHashMap<>();
    final Set<String> flags = new java.util.HashSet<>();

    static Args parse(List<String> raw, Set<String> valueOptions, Set<String> flagOptions) throws UsageException {
        Args a = new Args();
        for (int i = 0; i < raw.size(); i++) {
            String s = raw.get(i);
            if (s.startsWith("--")) {
                String name = s;
                String value = null;
                int eq = s.indexOf('=');
                if (eq > 0 && !s.startsWith("--set=")) {
                    name = s.substring(0, eq);
                    value = s.substring(eq + 1);
                }
                if (s.startsWith("--set=")) {
                    name = "--set";
                    value = s.substring(6);
                }
                if (flagOptions.contains(name) && value == null) {
                    a.flags.add(name);
                    continue;
                }
                if (!valueOptions.contains(name) && !name.equals("--set")) {
                    throw new UsageException("unknown option " + name);
                }
                if (value == null) {
                    if (i + 1 >= raw.size()) {
                        throw new UsageException(name + " needs a value");
                    }
                    value = raw.get(++i);
                }
                if (name.equals("--set")) {
                    int e = value.indexOf('=');
                    if (e <= 0) {
                        throw new UsageException("--set needs name=value, got '" + value + "'");
                    }
                    a.sets.put(value.substring(0, e).trim(), value.substring(e + 1).trim());
                } else {
                    a.options.put(name, value);
                }
            } else {
                a.positionals.add(s);
            }
        }
        return a;
    }

    String file(String command) throws UsageException {
        if (positionals.size() != 1) {
            throw new UsageException("'" + command + "' needs exactly one graph file (see 'sigflow help')");
        }
        return positionals.get(0);
    }

    double positiveDouble(String option, double fallback) throws UsageException {
        String v = options.get(option);
        if (v == null) {
            return fallback;
        }
        try {
            double d = Double.parseDouble(v);
            if (!(d > 0) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " must be a positive number, got '" + v + "'");
        }
    }

    long positiveLong(String option, long fallback) throws UsageException {
        String v = options.get(option);
        if (v == null) {
            return fallback;
        }
        try {
            double d = Double.parseDouble(v.replace("_", "")); // accepts 1e8
            if (d < 1 || d > Long.MAX_VALUE || d != Math.rint(d)) {
                throw new NumberFormatException();
            }
            return (long) d;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " must be a positive whole number, got '" + v + "'");
        }
    }
}
