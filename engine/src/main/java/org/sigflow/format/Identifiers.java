package org.sigflow.format;

import java.util.regex.Pattern;

/** Names in a graph file: block ids and variable names are identifiers, as expressions would write them. */
public final class Identifiers {
    private Identifiers() {}

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public static boolean isIdentifier(String s) {
        return s != null && s.length() <= 200 && IDENTIFIER.matcher(s).matches();
    }

    static String rule(String what, String name) {
        return what + " \"" + name + "\" must start with a letter or '_' and contain only letters, digits and '_'";
    }
}
