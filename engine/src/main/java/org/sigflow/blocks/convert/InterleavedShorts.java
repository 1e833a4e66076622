package org.sigflow.blocks.convert;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code complex_to_interleaved_short} and {@code interleaved_short_to_complex}: complex samples ↔ (re, im) int16
 * pairs, either as two s16 items per complex or (param {@code vector}) one s16 item of length 2; GNU Radio's
 * scale, clipping and half-to-even rounding, and its {@code swap} of the pair on the way in. With the type param
 * {@code cs16} the short side is SigFlow's complex int16 stream (one item per sample, the same values).
 */
public final class InterleavedShorts {
    private InterleavedShorts() {}

    /** Two int16 elements per complex sample, whatever the item grouping: elements map one to one. */
    static final class ToShorts extends SyncBlock {
        private final float scale;

        ToShorts(boolean vector, float scale) {
            super(1, vector ? 1 : 2);
            this.scale = scale;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            float[] in = io.in(0).floats();
            short[] out = io.out(0).shorts();
            int io0 = io.in(0).offset();
            int oo = io.out(0).offset();
            for (int i = 0; i < 2 * steps; i++) {
                out[oo + i] = (short) IntegerConversion.roundClipped(in[io0 + i] * scale, -32768, 32767);
            }
        }
    }

    static final class ToComplex extends SyncBlock {
        private final float scale;
        private final boolean swap;

        ToComplex(boolean vector, boolean swap, float scale) {
            super(vector ? 1 : 2, 1);
            this.scale = scale;
            this.swap = swap;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            short[] in = io.in(0).shorts();
            float[] out = io.out(0).floats();
            int io0 = io.in(0).offset();
            int oo = io.out(0).offset();
            for (int k = 0; k < steps; k++) {
                float a = in[io0 + 2 * k] / scale;
                float b = in[io0 + 2 * k + 1] / scale;
                out[oo + 2 * k] = swap ? b : a;
                out[oo + 2 * k + 1] = swap ? a : b;
            }
        }
    }

    static float scale(BlockSetup s) {
        float scale = (float) s.real("scale_factor");
        if (scale == 0) {
            throw new IllegalArgumentException(s.blockId() + " '" + s.instanceId() + "': the scale must not be 0");
        }
        return scale;
    }

    @AutoService(BlockFactory.class)
    public static final class ToShortsFactory implements BlockFactory {
        @Override
        public String id() {
            return "complex_to_interleaved_short";
        }

        @Override
        public Block create(BlockSetup s) {
            return new ToShorts(InterleavedChars.pairPerItem(s), scale(s));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ToComplexFactory implements BlockFactory {
        @Override
        public String id() {
            return "interleaved_short_to_complex";
        }

        @Override
        public Block create(BlockSetup s) {
            return new ToComplex(InterleavedChars.pairPerItem(s), s.bool("swap"), scale(s));
        }
    }
}
