package org.sigflow.blocks.channels;

import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/** A block that turns each complex input sample into one complex output sample, in order (state allowed). */
abstract class ComplexSampleBlock extends SyncBlock {
    private final float[] sample = new float[2];

    /** The output for input {@code re + j im} into {@code out[0]}, {@code out[1]}. */
    protected abstract void map(float re, float im, float[] out);

    @Override
    protected final void process(WorkIo io, int steps) {
        float[] x = io.in(0).floats();
        float[] y = io.out(0).floats();
        int xo = io.in(0).offset();
        int yo = io.out(0).offset();
        for (int i = 0; i < steps; i++) {
            map(x[xo + 2 * i], x[xo + 2 * i + 1], sample);
            y[yo + 2 * i] = sample[0];
            y[yo + 2 * i + 1] = sample[1];
        }
    }
}
