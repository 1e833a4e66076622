package org.sigflow.text;

import java.util.Collection;
import java.util.Optional;

/** "Did you mean …?" for mistyped names (variables, functions, block types): the closest candidate, if close. */
public final class DidYouMean {
    private DidYouMean() {}

    /** The candidate within a small edit distance of {@code wrong} (ties: alphabetical), if any. */
    public static Optional<String> closest(String wrong, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        int allowed = Math.max(1, Math.min(3, wrong.length() / 3));
        for (String c : candidates) {
            if (c == null || Math.abs(c.length() - wrong.length()) > allowed) {
                continue;
            }
            int d = c.equalsIgnoreCase(wrong) ? 0 : distance(wrong, c);
            if (d <= allowed && d < wrong.length() && (d < bestDistance || (d == bestDistance && c.compareTo(best) < 0))) {
                best = c;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** {@code " (did you mean 'x'?)"} or {@code ""}, ready to append to a message. */
    public static String hint(String wrong, Collection<String> candidates) {
        return closest(wrong, candidates).map(s -> " (did you mean '" + s + "'?)").orElse("");
    }

    /** Optimal string alignment distance: edits, with swapping two neighbours counting as one. */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
