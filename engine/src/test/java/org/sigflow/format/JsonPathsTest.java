package org.sigflow.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class JsonPathsTest {
    /** The rule for keys written without quotes, as a regex: the reference the hand-written check must agree with. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private static String expected(String parent, String key) {
        return PLAIN.matcher(key).matches() ? parent + "." + key
                : parent + "['" + key.replace("\\", "\\\\").replace("'", "\\'") + "']";
    }

    @Test
    void plainKeysAreDottedAndOthersQuoted() {
        assertEquals("$.blocks", JsonPaths.key("$", "blocks"));
        assertEquals("$.params._x9", JsonPaths.key("$.params", "_x9"));
        assertEquals("$.variables['a b']", JsonPaths.key("$.variables", "a b"));
        assertEquals("$.variables['9a']", JsonPaths.key("$.variables", "9a"));
        assertEquals("$['']", JsonPaths.key("$", ""));
        assertEquals("$['it\\'s']", JsonPaths.key("$", "it's"));
        assertEquals("$['é']", JsonPaths.key("$", "é"));
    }

    @Test
    void agreesWithTheRegexOnRandomKeys() {
        Random r = new Random(12);
        String alphabet = "aZ_09 .'\\[]-é\u00001";
        for (int n = 0; n < 20_000; n++) {
            StringBuilder k = new StringBuilder();
            int len = r.nextInt(5);
            for (int i = 0; i < len; i++) {
                k.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            String key = k.toString();
            assertEquals(expected("$.p", key), JsonPaths.key("$.p", key), () -> "key '" + key + "'");
        }
        for (String key : List.of("A", "z", "_", "a0", "0", "a-b", "a.b", "@", "`", "{", "[", "/", ":")) {
            assertEquals(expected("$", key), JsonPaths.key("$", key), key);
        }
    }
}
