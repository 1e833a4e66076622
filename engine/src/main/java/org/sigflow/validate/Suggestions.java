package org.sigflow.validate;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/** "Did you mean …?" for mistyped ids: the closest candidate by edit distance, if close enough. */
final class Suggestions {
    private Suggestions() {}

    static Optional<String> closest(String wrong, Collection<String> candidates) {
        int limit = Math.max(2, wrong.length() / 3);
        return candidates.stream()
                .filter(c -> distance(wrong, c) <= limit)
                .min(Comparator.comparingInt((String c) -> distance(wrong, c)).thenComparing(c -> c));
    }

    /** Damerau–Levenshtein distance (optimal string alignment), so a swapped pair of letters counts as one edit. */
    static int distance(String a, String b) {
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
