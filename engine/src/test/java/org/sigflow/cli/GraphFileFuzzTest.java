package org.sigflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Corpus fuzzing of {@code validate}: the sample graphs and GRC examples, mutated (bytes flipped, spans cut or
 * repeated, numbers blown up, truncated), must each end in a verdict — valid, or invalid in the user's words — never
 * an internal error, a stack trace or a hang. CI runs a small slice; {@code -Dsigflow.fuzz.files=100000} runs the
 * large one ({@code -Dsigflow.fuzz.seed=N} varies it).
 */
class GraphFileFuzzTest {
    private static final int FILES = Integer.getInteger("sigflow.fuzz.files", 60);
    private static final long SEED = Long.getLong("sigflow.fuzz.seed", 12);
    private static final String[] BIG = {"2**31", "2**63", "1e308", "-1", "0", "99999999", "range(999999)", "'x'*999999",
            "[0.5]*2000000", "nan", "2**30"};

    @TempDir
    Path tmp;

    @Test
    void mutatedGraphsAlwaysGetAVerdictInTheUsersWords() throws Exception {
        List<Path> corpus = new ArrayList<>();
        for (Path dir : List.of(Path.of("..", "sample-graphs"), Path.of("src", "test", "resources", "grc", "examples"))) {
            try (Stream<Path> s = Files.walk(dir)) {
                s.filter(p -> p.toString().endsWith(".graph") || p.toString().endsWith(".grc")).sorted()
                        .forEach(corpus::add);
            }
        }
        SplittableRandom random = new SplittableRandom(SEED);
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < FILES; i++) {
            Path source = corpus.get(random.nextInt(corpus.size()));
            String name = source.getFileName().toString();
            Path mutated = tmp.resolve("f" + i + name.substring(name.lastIndexOf('.')));
            Files.writeString(mutated, mutate(Files.readString(source), random));
            CliRun r = CliRun.of("validate", mutated.toString());
            int code = r.code();
            String e = r.err();
            if ((code != 0 && code != 2) || e.contains("internal error") || e.contains("\tat ")) {
                failures.add(source.getFileName() + " mutation " + i + " (seed " + SEED + "): exit " + code + ": "
                        + e.substring(0, Math.min(300, e.length())));
            }
            Files.delete(mutated);
        }
        assertEquals(List.of(), failures);
    }

    private static String mutate(String text, SplittableRandom r) {
        StringBuilder b = new StringBuilder(text);
        int edits = 1 + r.nextInt(4);
        for (int k = 0; k < edits && !b.isEmpty(); k++) {
            int at = r.nextInt(b.length());
            switch (r.nextInt(5)) {
                case 0 -> b.setCharAt(at, (char) (32 + r.nextInt(95)));
                case 1 -> b.delete(at, Math.min(b.length(), at + 1 + r.nextInt(40)));
                case 2 -> b.insert(at, b.substring(at, Math.min(b.length(), at + 1 + r.nextInt(60))));
                case 3 -> {
                    int q = b.indexOf("\"", at);
                    if (q >= 0 && q + 1 < b.length()) {
                        b.insert(q + 1, BIG[r.nextInt(BIG.length)] + " + ");
                    }
                }
                default -> b.setLength(at); // truncated
            }
        }
        return b.toString();
    }
}
