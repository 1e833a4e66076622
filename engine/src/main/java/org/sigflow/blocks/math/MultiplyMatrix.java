package org.sigflow.blocks.math;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code multiply_matrix}: GNU Radio's {@code multiply_matrix_ff}/{@code _cc}: {@code out_j = Σ_i A[j][i] · in_i}
 * per sample, in float32, summed over the inputs in order.
 */
@AutoService(BlockFactory.class)
public final class MultiplyMatrix implements BlockFactory {

    @Override
    public String id() {
        return "multiply_matrix";
    }

    @Override
    public Block create(BlockSetup s) {
        boolean complex = StreamType.dtype(s, Dtype.CF32, Dtype.F32) == Dtype.CF32;
        List<Value> rows = ((Value.ListValue) s.param("matrix")).items();
        int cols = -1;
        float[][] re = new float[rows.size()][];
        float[][] im = new float[rows.size()][];
        for (int j = 0; j < rows.size(); j++) {
            if (!(rows.get(j) instanceof Value.ListValue row) || (cols >= 0 && row.items().size() != cols)
                    || row.items().isEmpty()) {
                throw new IllegalArgumentException("matrix A must be a list of rows of equal, non-zero length");
            }
            cols = row.items().size();
            re[j] = new float[cols];
            im[j] = new float[cols];
            for (int i = 0; i < cols; i++) {
                Value v = row.items().get(i);
                double[] c = {v.re(), v.im()};
                if (!complex && c[1] != 0) {
                    throw new IllegalArgumentException("a float32 matrix needs real entries; A[" + j + "][" + i
                            + "] is complex");
                }
                re[j][i] = (float) c[0];
                im[j][i] = (float) c[1];
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("matrix A must have at least one row");
        }
        return complex ? new ComplexMatrix(re, im) : new RealMatrix(re);
    }

    static final class RealMatrix extends SyncBlock {
        private final float[][] a;

        RealMatrix(float[][] a) {
            this.a = a;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            for (int j = 0; j < a.length; j++) {
                float[] y = io.out(j).floats();
                int o = io.out(j).offset();
                for (int k = 0; k < steps; k++) {
                    float sum = 0;
                    for (int i = 0; i < a[j].length; i++) {
                        sum += a[j][i] * io.in(i).floats()[io.in(i).offset() + k];
                    }
                    y[o + k] = sum;
                }
            }
        }
    }

    static final class ComplexMatrix extends SyncBlock {
        private final float[][] re;
        private final float[][] im;

        ComplexMatrix(float[][] re, float[][] im) {
            this.re = re;
            this.im = im;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            for (int j = 0; j < re.length; j++) {
                float[] y = io.out(j).floats();
                int o = io.out(j).offset();
                for (int k = 0; k < steps; k++) {
                    float sr = 0;
                    float si = 0;
                    for (int i = 0; i < re[j].length; i++) {
                        float[] x = io.in(i).floats();
                        int p = io.in(i).offset() + 2 * k;
                        sr += re[j][i] * x[p] - im[j][i] * x[p + 1];
                        si += re[j][i] * x[p + 1] + im[j][i] * x[p];
                    }
                    y[o + 2 * k] = sr;
                    y[o + 2 * k + 1] = si;
                }
            }
        }
    }
}
