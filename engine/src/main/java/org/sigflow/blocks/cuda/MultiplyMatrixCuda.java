package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import java.util.List;
import jcuda.driver.CUdeviceptr;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code multiply_matrix_cuda}: {@code out_j = Σ_i A[j][i] · in_i} per sample, as one accumulate launch per matrix
 * entry on the block's stream, inputs in port order from 0 with every product and sum rounded on its own
 * ({@code sf_matrix_acc_*}): the twin's float operations in the twin's order, so its bits. The matrix is checked by
 * the twin (rows of equal length, real entries for f32).
 */
final class MultiplyMatrixCuda extends CudaBlock {
    private final boolean complex;
    private final float[][] re;
    private final float[][] im;
    private final int samplesPerItem;

    MultiplyMatrixCuda(BlockSetup s) {
        super(s.inputs().size(), s.outputs().size(), 4L * s.output(0).itemSize());
        this.complex = s.string("type").equals("cf32");
        List<Value> rows = ((Value.ListValue) s.param("matrix")).items();
        re = new float[rows.size()][];
        im = new float[rows.size()][];
        for (int j = 0; j < rows.size(); j++) {
            List<Value> row = ((Value.ListValue) rows.get(j)).items();
            re[j] = new float[row.size()];
            im[j] = new float[row.size()];
            for (int i = 0; i < row.size(); i++) {
                re[j][i] = (float) row.get(i).re();
                im[j][i] = (float) row.get(i).im();
            }
        }
        this.samplesPerItem = s.output(0).vlen();
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        return enqueue(in, new CUdeviceptr[] {out}, items);
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr[] out, long items) {
        long n = items * samplesPerItem;
        for (int j = 0; j < out.length; j++) {
            for (int i = 0; i < in.length; i++) {
                int first = i == 0 ? 1 : 0;
                if (complex) {
                    cuda.kernels().launch("sf_matrix_acc_cf32", stream, n, in[i], out[j], n, re[j][i], im[j][i],
                            first);
                } else {
                    cuda.kernels().launch("sf_matrix_acc_f32", stream, n, in[i], out[j], n, re[j][i], first);
                }
            }
        }
        return items;
    }

    @Override
    protected boolean replayable() {
        return true;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("multiply_matrix");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new MultiplyMatrixCuda(s);
        }
    }
}
