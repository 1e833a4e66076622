package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code glfsr_source}: GNU Radio's Galois LFSR ({@code gr::digital::glfsr}): the output is the register's low bit;
 * the register shifts right and takes the mask XORed in when that bit was 1. Without repeat GNU Radio's source
 * advances the register 2^degree times but publishes 2^degree - 1 bits (its work loop breaks before counting the last
 * one), whatever its call sizes; this source gives the same 2^degree - 1 bits.
 */
final class GlfsrSource implements Block {
    /** GNU Radio's primitive polynomials by degree (glfsr.cc, s_polynomial_masks). */
    static final long[] MASKS = {0x0, 0x1, 0x3, 0x5, 0x9, 0x12, 0x21, 0x41, 0x8E, 0x108, 0x204, 0x402, 0x829, 0x100D,
        0x2015, 0x4001, 0x8016, 0x10004, 0x20013, 0x40013, 0x80004, 0x100002, 0x200001, 0x400010, 0x80000D,
        0x1000004, 0x2000023, 0x4000013, 0x8000004, 0x10000002, 0x20000029, 0x40000004, 0x80000057L};

    private final long mask;
    private final boolean repeat;
    private final boolean floats;
    private final long length;
    private long register;
    private long produced;

    GlfsrSource(long mask, long seed, int degree, boolean repeat, boolean floats) {
        this.mask = mask;
        this.register = seed;
        this.repeat = repeat;
        this.floats = floats;
        this.length = (1L << degree) - 1;
    }

    @Override
    public WorkResult work(WorkIo io) {
        OutputView out = io.out(0);
        long left = repeat ? Long.MAX_VALUE : length - produced;
        if (left <= 0) {
            return WorkResult.DONE;
        }
        int n = (int) Math.min(out.space(), left);
        int o = out.offset();
        for (int i = 0; i < n; i++) {
            int bit = (int) (register & 1);
            register >>>= 1;
            if (bit != 0) {
                register ^= mask;
            }
            if (floats) {
                out.floats()[o + i] = bit * 2f - 1f;
            } else {
                out.bytes()[o + i] = (byte) bit;
            }
        }
        produced += n;
        io.produce(0, n);
        return WorkResult.CONTINUE;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "glfsr_source";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "glfsr_source '" + s.instanceId() + "'";
            Dtype type = StreamType.dtype(s, Dtype.U8, Dtype.F32);
            int degree = s.integer("degree");
            long mask = s.longValue("mask");
            if (degree < 1 || degree > 63 || (mask == 0 && degree >= MASKS.length)) {
                throw new IllegalArgumentException(name + ": degree " + degree + " must be 1 to 63, and at most "
                        + (MASKS.length - 1) + " without a mask");
            }
            return new GlfsrSource(mask != 0 ? mask : MASKS[degree], s.longValue("seed"), degree, s.bool("repeat"),
                    type == Dtype.F32);
        }
    }
}
