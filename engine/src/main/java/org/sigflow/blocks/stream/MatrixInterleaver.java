package org.sigflow.blocks.stream;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code matrix_interleaver}: GNU Radio's {@code matrix_interleaver} hier block (a deinterleave into {@code rows}
 * streams and an interleave): each block of rows×cols items is written by rows and read by columns, output
 * {@code c*rows + r} = input {@code r*cols + c}; deinterleaving reads it back. One row or column passes items
 * through.
 */
@AutoService(BlockFactory.class)
public final class MatrixInterleaver implements BlockFactory {

    @Override
    public String id() {
        return "matrix_interleaver";
    }

    @Override
    public Block create(BlockSetup s) {
        int rows = s.integer("rows");
        int cols = s.integer("cols");
        if (rows < 1 || cols < 1 || (long) rows * cols > 1 << 24) {
            throw new IllegalArgumentException("matrix_interleaver: rows and columns must be >= 1 (and their product "
                    + "at most 2^24), got " + rows + " x " + cols);
        }
        int[] order = new int[rows * cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (s.bool("deint")) {
                    order[r * cols + c] = c * rows + r;
                } else {
                    order[c * rows + r] = r * cols + c;
                }
            }
        }
        return BlockInterleaver.permuting(StreamType.dtype(s), StreamType.vlen(s), order, false);
    }
}
