package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.convert.InterleavedChars;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * Complex samples to and from interleaved (re, im) integer pairs on the GPU: {@code complex_to_interleaved_short_cuda}
 * and {@code _char_cuda} (the float → integer kernels: multiply, clip, round half to even), {@code
 * interleaved_short_to_complex_cuda} (with the twin's swap) and {@code interleaved_char_to_complex_cuda} (divide by
 * the scale). Without Vector one complex sample is two integer items, so pages change their item count; a page of
 * integers into complex must then hold whole pairs (an odd item at the stream's end is dropped, as by the twin).
 */
final class InterleavedCuda extends RateChangingCuda {
    private final String kernel;
    private final boolean toComplex;
    private final boolean vector;
    private final float scale;
    private final int swap;

    private InterleavedCuda(BlockSetup s, String kernel, boolean toComplex) {
        super(toComplex ? 8 : (long) s.output(0).dtype().bytes() * s.output(0).vlen(),
                InterleavedChars.pairPerItem(s) || toComplex ? 1 : 2, InterleavedChars.pairPerItem(s) || !toComplex ? 1 : 2);
        this.kernel = kernel;
        this.toComplex = toComplex;
        this.vector = InterleavedChars.pairPerItem(s);
        this.scale = (float) s.real("scale_factor"); // the twin's float scale (it refuses 0)
        this.swap = s.has("swap") && s.bool("swap") ? 1 : 0;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long pairs = vector || !toComplex ? items : items / 2; // complex samples in this page
        if (kernel.equals("sf_s16_pairs_to_cf32")) {
            cuda.kernels().launch(kernel, stream, pairs, in[0], out, pairs, scale, swap);
        } else {
            cuda.kernels().launch(kernel, stream, 2 * pairs, in[0], out, 2 * pairs, scale);
        }
        return outputs(items);
    }

    @Override
    protected boolean replayable() {
        return true;
    }

    @AutoService(BlockFactory.class)
    public static final class ToShorts extends KeyedTwinFactory {
        public ToShorts() {
            super("complex_to_interleaved_short", "sf_f32_to_s16", (s, k) -> new InterleavedCuda(s, k, false));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ToChars extends KeyedTwinFactory {
        public ToChars() {
            super("complex_to_interleaved_char", "sf_f32_to_s8", (s, k) -> new InterleavedCuda(s, k, false));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class ShortsToComplex extends KeyedTwinFactory {
        public ShortsToComplex() {
            super("interleaved_short_to_complex", "sf_s16_pairs_to_cf32", (s, k) -> new InterleavedCuda(s, k, true));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class CharsToComplex extends KeyedTwinFactory {
        public CharsToComplex() {
            super("interleaved_char_to_complex", "sf_s8_to_f32", (s, k) -> new InterleavedCuda(s, k, true));
        }
    }
}
