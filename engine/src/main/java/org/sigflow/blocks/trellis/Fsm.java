package org.sigflow.blocks.trellis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * GNU Radio's {@code trellis.fsm} read from an FSM file: "I S O", then the next-state table NS (S rows of I) and the
 * output table OS (S rows of I); text after them is a comment. PS/PI (the previous states and inputs of each state)
 * are listed in GNU Radio's order, which decides the Viterbi's ties.
 */
final class Fsm {
    /** GNU Radio's example flowgraphs (source tree) name their FSM folder by this CMake placeholder. */
    static final String INSTALL_DIR = "@FSM_FILE_INSTALL_DIR@";
    /** Where Debian's and a source install of GNU Radio put the example FSM files. */
    private static final List<Path> GNU_RADIO_DIRS = List.of(Path.of("/usr/share/gnuradio/examples/trellis/fsm_files"),
            Path.of("/usr/local/share/gnuradio/examples/trellis/fsm_files"));

    final int inputs;
    final int states;
    final int outputs;
    final int[] ns;
    final int[] os;
    final int[][] ps;
    final int[][] pi;

    Fsm(int inputs, int states, int outputs, int[] ns, int[] os) {
        this.inputs = inputs;
        this.states = states;
        this.outputs = outputs;
        this.ns = ns;
        this.os = os;
        ps = new int[states][];
        pi = new int[states][];
        for (int i = 0; i < states; i++) {
            List<int[]> prev = new ArrayList<>();
            for (int s = 0; s < states; s++) {
                for (int in = 0; in < inputs; in++) {
                    if (ns[s * inputs + in] == i) {
                        prev.add(new int[] {s, in});
                    }
                }
            }
            ps[i] = prev.stream().mapToInt(p -> p[0]).toArray();
            pi[i] = prev.stream().mapToInt(p -> p[1]).toArray();
        }
    }

    /**
     * Reads an FSM file (a name starting with {@link #INSTALL_DIR} is looked up in GNU Radio's example folder), or
     * the FSM itself when {@code name} is only numbers (the file's content, e.g. "2 4 4 0 2 0 2 1 3 1 3 0 3 3 0 1 2 2 1").
     */
    static Fsm read(String name, Path baseDir) {
        String[] words;
        Object file = "the FSM given inline";
        if (name.matches("[\\d\\s]+")) {
            words = name.strip().split("\\s+");
        } else {
            Path path = resolve(name, baseDir);
            file = path;
            try {
                words = Files.readString(path).strip().split("\\s+");
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read FSM file " + path + ": " + e.getMessage());
            }
        }
        try {
            int i = Integer.parseInt(words[0]);
            int s = Integer.parseInt(words[1]);
            int o = Integer.parseInt(words[2]);
            if (i < 1 || s < 1 || o < 1 || words.length < 3 + 2 * i * s) {
                throw new IllegalArgumentException("FSM file " + file + ": needs I S O and two tables of S×I numbers");
            }
            int[] ns = new int[i * s];
            int[] os = new int[i * s];
            for (int k = 0; k < i * s; k++) {
                ns[k] = Integer.parseInt(words[3 + k]);
                os[k] = Integer.parseInt(words[3 + i * s + k]);
                if (ns[k] < 0 || ns[k] >= s || os[k] < 0 || os[k] >= o) {
                    throw new IllegalArgumentException("FSM file " + file + ": entry " + k + " is out of range");
                }
            }
            return new Fsm(i, s, o, ns, os);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("FSM file " + file + ": not GNU Radio's FSM format (" + e.getMessage()
                    + ")");
        }
    }

    private static Path resolve(String name, Path baseDir) {
        if (name.startsWith(INSTALL_DIR)) {
            String file = name.substring(INSTALL_DIR.length());
            for (Path dir : GNU_RADIO_DIRS) {
                if (Files.isRegularFile(dir.resolve(file))) {
                    return dir.resolve(file);
                }
            }
            throw new IllegalArgumentException("FSM file '" + file + "' of GNU Radio's examples (" + INSTALL_DIR
                    + ") not found in " + GNU_RADIO_DIRS + ": install GNU Radio's examples or give the file's path");
        }
        Path p = Path.of(name);
        return p.isAbsolute() || baseDir == null ? p : baseDir.resolve(p);
    }
}
