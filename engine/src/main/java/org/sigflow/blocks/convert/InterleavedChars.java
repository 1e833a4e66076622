package org.sigflow.blocks.convert;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code complex_to_interleaved_char} and {@code interleaved_char_to_complex}: complex samples ↔ (re, im) int8 pairs
 * (GRC's byte stream, read as signed), two byte items per complex or (param {@code vector}) one of length 2; GNU
 * Radio's VOLK scale, clipping to [-128, 127] and half-to-even rounding. With the type param {@code cs8} the byte
 * side is SigFlow's complex int8 stream instead (one item per sample, the same bytes), which memory nodes and cs8
 * files take as they are.
 */
public final class InterleavedChars {
    private InterleavedChars() {}

    /**
     * Whether an interleaved converter (char or short, CPU or CUDA twin) moves one (re, im) pair per item: its Vector
     * param, or its Output / Input Type set to SigFlow's complex integer stream (cs8, cs16), which is laid out as the
     * pair vector of length 2.
     */
    public static boolean pairPerItem(BlockSetup s) {
        return s.bool("vector") || complexInts(s, "out_type") || complexInts(s, "in_type");
    }

    private static boolean complexInts(BlockSetup s, String param) {
        return s.has(param) && s.string(param).startsWith("cs");
    }

    static final class ToChars extends SyncBlock {
        private final float scale;

        ToChars(boolean vector, float scale) {
            super(1, vector ? 1 : 2);
            this.scale = scale;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            float[] in = io.in(0).floats();
            byte[] out = io.out(0).bytes();
            int io0 = io.in(0).offset();
            int oo = io.out(0).offset();
            for (int i = 0; i < 2 * steps; i++) {
                out[oo + i] = (byte) IntegerConversion.roundClipped(in[io0 + i] * scale, -128, 127);
            }
        }
    }

    static final class ToComplex extends SyncBlock {
        private final float scale;

        ToComplex(boolean vector, float scale) {
            super(vector ? 1 : 2, 1);
            this.scale = scale;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            byte[] in = io.in(0).bytes();
            float[] out = io.out(0).floats();
            int io0 = io.in(0).offset();
            int oo = io.out(0).offset();
            for (int i = 0; i < 2 * steps; i++) {
                out[oo + i] = in[io0 + i] / scale;
            }
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ToCharsFactory implements BlockFactory {
        @Override
        public String id() {
            return "complex_to_interleaved_char";
        }

        @Override
        public Block create(BlockSetup s) {
            return new ToChars(pairPerItem(s), InterleavedShorts.scale(s));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ToComplexFactory implements BlockFactory {
        @Override
        public String id() {
            return "interleaved_char_to_complex";
        }

        @Override
        public Block create(BlockSetup s) {
            return new ToComplex(pairPerItem(s), InterleavedShorts.scale(s));
        }
    }
}
