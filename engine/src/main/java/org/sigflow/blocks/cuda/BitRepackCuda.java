package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * The bit (un)packing blocks on the GPU (bit_repack.cu): {@code repack_bits_cuda}, {@code pack_k_bits_cuda},
 * {@code unpack_k_bits_cuda}, {@code packed_to_unpacked_cuda}, {@code unpacked_to_packed_cuda}, with the sizes and
 * bit orders of their twins (BitPackingFactories). A step of {@code lcm(in, out)} bits stands alone, so one thread
 * per output byte; pages must hold whole steps (an incomplete step at the stream's end is dropped, as by the twin).
 * {@code repack_bits} with a length tag key follows its tags, which the device path does not: refused with a message.
 */
final class BitRepackCuda extends RateChangingCuda {
    private final int inBits;
    private final int inMsb;
    private final int outBits;
    private final int outMsb;

    private BitRepackCuda(int inBits, boolean inMsb, int outBits, boolean outMsb) {
        super(1, inBits / gcd(inBits, outBits), outBits / gcd(inBits, outBits));
        this.inBits = inBits;
        this.inMsb = inMsb ? 1 : 0;
        this.outBits = outBits;
        this.outMsb = outMsb ? 1 : 0;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long n = outputs(items);
        if (n > 0) {
            cuda.kernels().launch("sf_bit_repack", stream, n, in[0], out, n, inBits, inMsb, outBits, outMsb);
        }
        return n;
    }

    @Override
    protected boolean replayable() {
        return true;
    }

    private static boolean msb(BlockSetup s) {
        return "msb".equals(s.string("endianness"));
    }

    @AutoService(BlockFactory.class)
    public static final class UnpackK extends CudaTwinFactory {
        public UnpackK() {
            super("unpack_k_bits");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new BitRepackCuda(s.integer("k"), true, 1, true);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class PackK extends CudaTwinFactory {
        public PackK() {
            super("pack_k_bits");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new BitRepackCuda(1, true, s.integer("k"), true);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class PackedToUnpacked extends CudaTwinFactory {
        public PackedToUnpacked() {
            super("packed_to_unpacked");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new BitRepackCuda(8, msb(s), s.integer("bits_per_chunk"), true);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class UnpackedToPacked extends CudaTwinFactory {
        public UnpackedToPacked() {
            super("unpacked_to_packed");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new BitRepackCuda(s.integer("bits_per_chunk"), true, 8, msb(s));
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Repack extends CudaTwinFactory {
        public Repack() {
            super("repack_bits");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            if (s.has("len_tag_key") && !s.string("len_tag_key").isEmpty()) {
                throw new IllegalArgumentException("repack_bits_cuda '" + s.instanceId() + "': a Length Tag Key "
                        + "makes the repacking follow tagged packets, which the CUDA block does not; use the CPU block");
            }
            return new BitRepackCuda(s.integer("k"), msb(s), s.integer("l"), msb(s));
        }
    }
}
