package org.sigflow.blocks.fec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * An LDPC parity check (or generator) matrix in MacKay's alist format, read line by line as GNU Radio 3.10 reads it:
 * {@code N M}, the largest column and row weights, the N column weights, the M row weights, then per column the
 * (1-based) rows of its ones and per row the columns of its ones. GNU Radio has two readers and both are kept here:
 * {@code alist::read} (the LDPC encoder and sum-product decoder) takes the first weight entries of each list line
 * and builds the matrix from the row lists; {@code read_matrix_from_file} (the G and H matrix objects) takes every
 * entry of the column lines (a 0, MacKay's padding, is skipped here where GNU Radio's GSL would abort). Anything
 * malformed is refused with the file, line and reason.
 */
final class LdpcAlist {
    final String file;
    /** Columns (code bits) and rows (checks). */
    final int n;
    final int m;
    /** Per column, the rows of its ones (1-based) as {@code alist::read} keeps them (the first weight entries). */
    final int[][] columnRows;
    /** Per row, the columns of its ones (1-based), likewise. */
    final int[][] rowColumns;
    /** Per column every nonzero entry of its line ({@code read_matrix_from_file}). */
    private final int[][] columnLines;

    private LdpcAlist(String file, int n, int m, int[][] columnRows, int[][] rowColumns, int[][] columnLines) {
        this.file = file;
        this.n = n;
        this.m = m;
        this.columnRows = columnRows;
        this.rowColumns = rowColumns;
        this.columnLines = columnLines;
    }

    /** Reads {@code path}; {@code IllegalArgumentException} naming the file for a missing or malformed one. */
    static LdpcAlist read(Path path) {
        String name = path.toString();
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.ISO_8859_1);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("alist file '" + name + "' does not exist");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read alist file '" + name + "': " + e.getMessage());
        }
        Reader r = new Reader(name, lines);
        int[] size = r.numbers(0, 2, "the matrix size 'N M'");
        int n = size[0];
        int m = size[1];
        if (n < 1 || m < 1 || n > 1 << 20 || m > 1 << 20) {
            throw r.problem(0, "matrix size " + n + " x " + m + " is not a usable size");
        }
        r.numbers(1, 2, "the largest column and row weights");
        int[] colWeights = r.numbers(2, n, "the " + n + " column weights");
        int[] rowWeights = r.numbers(3, m, "the " + m + " row weights");
        int[][] cols = new int[n][];
        int[][] colLines = new int[n][];
        for (int c = 0; c < n; c++) {
            cols[c] = r.entries(4 + c, colWeights[c], m, "column " + (c + 1));
            colLines[c] = r.all(4 + c, m, "column " + (c + 1));
        }
        int[][] rows = new int[m][];
        for (int row = 0; row < m; row++) {
            rows[row] = r.entries(4 + n + row, rowWeights[row], n, "row " + (row + 1));
        }
        return new LdpcAlist(name, n, m, cols, rows, colLines);
    }

    /** The M x N matrix of the row lists (GNU Radio's {@code alist::get_matrix}). */
    byte[][] rowMatrix() {
        byte[][] h = new byte[m][n];
        for (int r = 0; r < m; r++) {
            for (int c : rowColumns[r]) {
                h[r][c - 1] = 1;
            }
        }
        return h;
    }

    /** The M x N matrix of the column lines (GNU Radio's {@code read_matrix_from_file}). */
    byte[][] columnMatrix() {
        byte[][] h = new byte[m][n];
        for (int c = 0; c < n; c++) {
            for (int r : columnLines[c]) {
                h[r - 1][c] = 1;
            }
        }
        return h;
    }

    /** Whitespace-separated whole numbers per line, with the file and line in every complaint. */
    private record Reader(String file, List<String> lines) {
        IllegalArgumentException problem(int line, String what) {
            return new IllegalArgumentException("alist file '" + file + "', line " + (line + 1) + ": " + what);
        }

        private String[] tokens(int line, String what) {
            if (line >= lines.size()) {
                throw new IllegalArgumentException("alist file '" + file + "' ends at line " + lines.size()
                        + ", before " + what + " (line " + (line + 1) + ")");
            }
            String s = lines.get(line).strip();
            return s.isEmpty() ? new String[0] : s.split("\\s+");
        }

        private int parse(int line, String token, String what) {
            try {
                return Integer.parseInt(token);
            } catch (NumberFormatException e) {
                throw problem(line, "'" + token + "' in " + what + " is not a whole number");
            }
        }

        /** The first {@code count} numbers of the line. */
        int[] numbers(int line, int count, String what) {
            String[] t = tokens(line, what);
            if (t.length < count) {
                throw problem(line, "expected " + what + ", found " + t.length + " number(s)");
            }
            int[] out = new int[count];
            for (int i = 0; i < count; i++) {
                out[i] = parse(line, t[i], what);
            }
            return out;
        }

        /** The first {@code weight} entries, each an index 1..max. */
        int[] entries(int line, int weight, int max, String what) {
            if (weight < 0 || weight > max) {
                throw problem(line, "the weight of " + what + " (" + weight + ") is not 0.." + max);
            }
            int[] out = numbers(line, weight, "the " + weight + " entries of " + what);
            for (int v : out) {
                if (v < 1 || v > max) {
                    throw problem(line, "entry " + v + " of " + what + " is not 1.." + max);
                }
            }
            return out;
        }

        /** Every entry of the line but zeros, each 1..max. */
        int[] all(int line, int max, String what) {
            return java.util.Arrays.stream(tokens(line, what)).mapToInt(t -> parse(line, t, what))
                    .filter(v -> v != 0).peek(v -> {
                        if (v < 1 || v > max) {
                            throw problem(line, "entry " + v + " of " + what + " is not 1.." + max);
                        }
                    }).toArray();
        }
    }
}
