package org.sigflow.blocks.channels;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code quantizer}: GNU Radio's {@code channels.quantizer} hier block: x · 2^(bits−1) to a 16-bit short (clipped,
 * rounded half to even, as VOLK's conversion) and back, times 2^−(bits−1).
 */
public final class Quantizer extends SyncBlock {
    private final float up;
    private final float down;

    Quantizer(int bits) {
        this.up = (float) Math.pow(2, bits - 1.0);
        this.down = (float) (1.0 / Math.pow(2.0, bits - 1.0));
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] x = io.in(0).floats();
        float[] y = io.out(0).floats();
        int xo = io.in(0).offset();
        int yo = io.out(0).offset();
        for (int i = 0; i < steps; i++) {
            float r = x[xo + i] * up;
            r = r > 32767f ? 32767f : r < -32768f ? -32768f : r;
            short q = (short) Math.rint(r);
            y[yo + i] = (float) q * down;
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "quantizer";
        }

        @Override
        public Quantizer create(BlockSetup s) {
            int bits = s.integer("bits");
            if (bits < 1 || bits > 16) {
                throw new IllegalArgumentException("quantizer '" + s.instanceId() + "': bits must be 1 to 16, got "
                        + bits);
            }
            return new Quantizer(bits);
        }
    }
}
