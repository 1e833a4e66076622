package org.sigflow.format;

import java.util.regex.Pattern;

/** Builds the JSON paths problems are reported at: {@code $.blocks[2].params.freq}, {@code $.variables['a b']}. */
public final class JsonPaths {
    private JsonPaths() {}

    public static final String ROOT = "$";
    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public static String key(String parent, String key) {
        if (PLAIN_KEY.matcher(key).matches()) {
            return parent + "." + key;
        }
        return parent + "['" + key.replace("\\", "\\\\").replace("'", "\\'") + "']";
    }

    public static String index(String parent, int index) {
        return parent + "[" + index + "]";
    }

    /** The enclosing path, or {@code null} for the root. */
    static String parent(String path) {
        if (path.equals(ROOT)) {
            return null;
        }
        // The last segment starts at the last '.' or '[' that is not inside a quoted key.
        int cut = -1;
        boolean quoted = false;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '\\' && quoted) {
                i++;
            } else if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && (c == '.' || c == '[')) {
                cut = i;
            }
        }
        return cut <= 0 ? ROOT : path.substring(0, cut);
    }
}
