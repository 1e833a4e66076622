package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code matrix_sink}: GNU Radio's Qt matrix sink. Each vector of {@code vlen} floats is a matrix of
 * {@code vlen / columns} rows of {@code columns} values, row after row; a frame holds the newest one's rows.
 */
@AutoService(BlockFactory.class)
public final class MatrixSink implements BlockFactory {

    @Override
    public String id() {
        return "matrix_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        int vlen = StreamType.vlen(setup);
        int columns = setup.integer("columns");
        if (columns < 1 || vlen % columns != 0) {
            throw new IllegalArgumentException("columns must divide the vector length " + vlen + ", got " + columns);
        }
        return new Matrix(vlen, columns, setup.real("update_rate"));
    }

    static List<float[]> rows(float[] v, int columns) {
        List<float[]> out = new ArrayList<>(v.length / columns);
        for (int r = 0; r < v.length / columns; r++) {
            out.add(java.util.Arrays.copyOfRange(v, r * columns, (r + 1) * columns));
        }
        return out;
    }

    static final class Matrix extends FrameSink {
        private final int columns;

        Matrix(int vlen, int columns, double updateRate) {
            super(1, vlen, updateRate);
            this.columns = columns;
        }

        @Override
        List<float[]> traces(float[] samples) {
            return rows(samples, columns);
        }

        @Override
        double xStep() {
            return 1;
        }
    }
}
