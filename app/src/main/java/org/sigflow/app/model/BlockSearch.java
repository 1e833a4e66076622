package org.sigflow.app.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.Domain;
import org.sigflow.catalog.Dtype;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.text.DidYouMean;

/**
 * Finds blocks by what the user types: label, id, category, the catalog's {@code tags} (concepts such as "low pass"
 * or "audio") and enum option labels, which give presets ("low pass" → FIR Filter with Filter = Low Pass). Every
 * typed word must match some word; a word matches exactly, as a prefix, or with a typo (one edit for words of 4–6
 * letters, two from 7; a swap of two neighbours is one edit).
 */
public final class BlockSearch {
    private static final int LABEL = 4;
    private static final int ID = 3;
    private static final int TAG = 3;
    private static final int CATEGORY = 2;
    private static final int OPTION = 5;

    /** A search result: a block, or a block with one enum param preset ({@code param} null for a plain block). */
    public record Hit(BlockDef def, String param, String option, String title, int score) {}

    private BlockSearch() {}

    /** The best hits for a query, best first (presets just after or before their block by score); at most limit. */
    public static List<Hit> search(Catalog catalog, String query, int limit) {
        List<String> words = words(query);
        List<Hit> hits = new ArrayList<>();
        if (words.isEmpty()) {
            return hits;
        }
        for (BlockDef d : catalog.all()) {
            List<Field> fields = fields(d);
            int s = score(words, fields, List.of());
            if (s > 0) {
                hits.add(new Hit(d, null, null, d.label(), s));
            }
            for (ParamDef p : d.params()) {
                if (!presettable(p)) {
                    continue;
                }
                for (String o : p.options()) {
                    List<String> optionWords = words(p.labelOf(o));
                    // A preset shows only when a typed word is about the option itself, not just the block.
                    boolean aboutOption = words.stream().anyMatch(w -> optionWords.stream()
                            .anyMatch(ow -> quality(w, ow) >= 2) && fields.stream()
                            .noneMatch(f -> f.names && f.words.stream().anyMatch(fw -> quality(w, fw) >= 2)));
                    int ps = aboutOption ? score(words, fields, optionWords) : 0;
                    if (ps > 0) {
                        hits.add(new Hit(d, p.id(), o, d.label() + " — " + p.label() + ": " + p.labelOf(o), ps));
                    }
                }
            }
        }
        hits.sort(Comparator.comparingInt((Hit h) -> -h.score()).thenComparing(h -> h.def().domain() == Domain.CUDA)
                .thenComparing(Hit::title));
        return hits.size() > limit ? new ArrayList<>(hits.subList(0, limit)) : hits;
    }

    /** Whether a block matches a query by itself or through one of its presets (empty query: every block). */
    public static boolean matches(BlockDef d, String query) {
        List<String> words = words(query);
        if (words.isEmpty()) {
            return true;
        }
        List<Field> fields = fields(d);
        if (score(words, fields, List.of()) > 0) {
            return true;
        }
        return d.params().stream().filter(BlockSearch::presettable).flatMap(p -> p.options().stream()
                .map(p::labelOf)).anyMatch(l -> score(words, fields, words(l)) > 0);
    }

    /** Enum params with meaningful choices: not stream types (Complex/Float on every block would be noise). */
    private static boolean presettable(ParamDef p) {
        return p.type() == ParamType.ENUM && !p.options().isEmpty()
                && p.options().stream().noneMatch(o -> Dtype.fromId(o) != null || o.equals("same"));
    }

    /** Words to match; {@code names}: the block's label or id (a word of those is about the block, not a preset). */
    private record Field(List<String> words, int weight, String phrase, boolean names) {}

    private static List<Field> fields(BlockDef d) {
        List<Field> f = new ArrayList<>();
        f.add(new Field(words(d.label()), LABEL, d.label().toLowerCase(Locale.ROOT), true));
        f.add(new Field(words(d.id().replace('_', ' ')), ID, d.id().replace('_', ' '), true));
        for (String t : d.tags()) {
            f.add(new Field(words(t), TAG, t.toLowerCase(Locale.ROOT), false));
        }
        for (String c : d.category()) {
            f.add(new Field(words(c), CATEGORY, c.toLowerCase(Locale.ROOT), false));
        }
        return f;
    }

    /** 0 unless every typed word matches; otherwise the sum of each word's best quality × field weight. */
    private static int score(List<String> words, List<Field> fields, List<String> optionWords) {
        int total = 0;
        for (String w : words) {
            int best = 0;
            for (Field f : fields) {
                for (String fw : f.words) {
                    best = Math.max(best, quality(w, fw) * f.weight);
                }
            }
            for (String ow : optionWords) {
                best = Math.max(best, quality(w, ow) * OPTION);
            }
            if (best == 0) {
                return 0;
            }
            total += best;
        }
        String phrase = String.join(" ", words);
        if (words.size() > 1 && fields.stream().anyMatch(f -> f.phrase.contains(phrase))) {
            total += 4; // the words in the typed order, e.g. the tag "low pass"
        }
        if (words.size() > 1 && String.join(" ", optionWords).contains(phrase)) {
            total += 8; // the option named as typed: Low Pass before Band Pass
        }
        return total;
    }

    /** 3 exact, 2 prefix, 1 typo or inner substring, 0 no match. */
    static int quality(String typed, String word) {
        if (typed.equals(word)) {
            return 3;
        }
        if (word.startsWith(typed)) {
            return 2;
        }
        if (typed.length() >= 4 && word.contains(typed)) {
            return 1;
        }
        int allowed = typed.length() >= 7 ? 2 : typed.length() >= 4 ? 1 : 0;
        if (allowed == 0 || Math.abs(word.length() - typed.length()) > allowed) {
            // A typo in the part typed so far: compare with the word's start of the same length.
            if (allowed > 0 && word.length() > typed.length()
                    && DidYouMean.distance(typed, word.substring(0, typed.length())) <= allowed) {
                return 1;
            }
            return 0;
        }
        return DidYouMean.distance(typed, word) <= allowed ? 1 : 0;
    }

    static List<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")).filter(w -> !w.isEmpty())
                .toList();
    }
}
