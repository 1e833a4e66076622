package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code diff_decoder_cuda} and {@code diff_encoder_cuda} on byte streams (diff_coder.cu), in the twin's modes:
 * NRZI (0), modulus 2 (1), modulo M (2). The decoder is element-wise with one byte of history (two alternating
 * one-byte device buffers). The encoder's recurrence {@code out = out' op in} is a scan for an associative op — XOR
 * (NRZI, modulus 2) or addition modulo M — as long as the previous output is the whole state, i.e. M ≤ 256 (the
 * twin keeps the output's low byte); a larger modulus is refused with a message (the CPU block takes it).
 */
final class DiffCoderCuda {
    private DiffCoderCuda() {}

    private static int modulus(BlockSetup s) {
        return s.string("coding").equals("nrzi") ? 2 : s.integer("modulus");
    }

    private static int mode(BlockSetup s) {
        return s.string("coding").equals("nrzi") ? 0 : modulus(s) == 2 ? 1 : 2; // the twin's order of cases
    }

    static final class Decoder extends CudaBlock {
        private final int mode;
        private final int modulus;
        private final DevicePage[] prev = new DevicePage[2];
        private int current;

        Decoder(BlockSetup s) {
            super(1, 1);
            this.mode = mode(s);
            this.modulus = modulus(s);
        }

        @Override
        protected void open() {
            prev[0] = DeviceMemory.zeroed(cuda, 8, stream);
            prev[1] = DeviceMemory.zeroed(cuda, 8, stream);
        }

        @Override
        protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
            if (items > 0) {
                cuda.kernels().launch("sf_diff_decode", stream, items, in[0], out, items, prev[current].ptr(),
                        prev[1 - current].ptr(), mode, modulus);
                current = 1 - current;
            }
            return items;
        }

        @Override
        protected void close() {
            cuda.devicePool().release(prev[0]);
            cuda.devicePool().release(prev[1]);
        }
    }

    static final class Encoder extends ChunkScanCuda {
        private final int mode;
        private final int modulus;

        Encoder(BlockSetup s) {
            super(1, 4); // scratch: each chunk's total, then the output before it
            this.mode = mode(s);
            this.modulus = modulus(s);
            if (modulus > 256) {
                throw new IllegalArgumentException("diff_encoder_cuda '" + s.instanceId() + "': the CUDA encoder "
                        + "takes a modulus up to 256, got " + modulus + " (use the CPU block for larger ones)");
            }
        }

        @Override
        protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
            if (items == 0) {
                return 0;
            }
            long chunks = chunks(items);
            cuda.kernels().launch("sf_diff_chunk_totals", stream, chunks, in[0], scratch(0), chunks, items, mode,
                    modulus);
            cuda.kernels().launchGrid("sf_diff_carry", stream, 1, SCAN_THREADS, 0, scratch(0), chunks, state(), mode,
                    modulus);
            cuda.kernels().launch("sf_diff_encode", stream, chunks, in[0], out, chunks, items, mode, modulus,
                    scratch(0));
            return items;
        }
    }

    @AutoService(BlockFactory.class)
    public static final class DecoderFactory extends CudaTwinFactory {
        public DecoderFactory() {
            super("diff_decoder");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new Decoder(s);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class EncoderFactory extends CudaTwinFactory {
        public EncoderFactory() {
            super("diff_encoder");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new Encoder(s);
        }
    }
}
