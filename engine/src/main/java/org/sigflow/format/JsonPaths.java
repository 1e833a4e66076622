package org.sigflow.format;

/** Builds the JSON paths problems are reported at: {@code $.blocks[2].params.freq}, {@code $.variables['a b']}. */
public final class JsonPaths {
    private JsonPaths() {}

    public static final String ROOT = "$";

    public static String key(String parent, String key) {
        if (plain(key)) {
            return parent + "." + key;
        }
        return parent + "['" + key.replace("\\", "\\\\").replace("'", "\\'") + "']";
    }

    /**
     * Whether {@code key} matches {@code [A-Za-z_][A-Za-z0-9_]*}, written without a regex: it runs for every key of a
     * graph file (a 2,000-block graph has 30,000).
     */
    private static boolean plain(String key) {
        if (key.isEmpty()) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            boolean letter = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_';
            if (!letter && (i == 0 || c < '0' || c > '9')) {
                return false;
            }
        }
        return true;
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
