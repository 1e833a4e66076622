package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.MovingSums;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code moving_average}: GNU Radio's {@code moving_average_xx}, {@code y[n] = scale * sum_{k<length} x[n-k]} with
 * zeros before the first sample, element-wise on vectors. The window is the runtime's input history, sized for the
 * initial length: at run time the length can shrink and grow back up to it, and the scale can change freely.
 */
public final class MovingAverageBlock extends SyncBlock {
    private final int maxLength;
    private final int itemSize;
    private final double[] sums;
    private int length;
    private float scale;

    MovingAverageBlock(int length, double scale, int itemSize) {
        if (length < 1) {
            throw new IllegalArgumentException("length must be >= 1, got " + length);
        }
        this.maxLength = length;
        this.length = length;
        this.scale = (float) scale;
        this.itemSize = itemSize;
        this.sums = new double[itemSize];
    }

    @Override
    public int history() {
        return maxLength;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        MovingSums.process(io.in(0).floats(), io.in(0).offset(), itemSize, length, scale, io.out(0).floats(),
                io.out(0).offset(), steps, sums);
    }

    @Override
    public void applyParam(String paramId, Value value) {
        switch (paramId) {
            case "scale" -> scale = (float) value.asDouble();
            case "length" -> {
                int l = value.asInt();
                if (l < 1 || l > maxLength) {
                    throw new IllegalArgumentException("length can change between 1 and the length the graph "
                            + "started with (" + maxLength + "), got " + l);
                }
                length = l;
            }
            default -> super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "moving_average";
        }

        @Override
        public MovingAverageBlock create(BlockSetup s) {
            int vlen = s.integer("vlen");
            if (vlen < 1) {
                throw new IllegalArgumentException("vector length must be >= 1, got " + vlen);
            }
            int components = s.string("type").equals("cf32") ? 2 : 1;
            return new MovingAverageBlock(s.integer("length"), s.real("scale"), components * vlen);
        }
    }
}
