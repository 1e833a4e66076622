package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code diff_decoder_cuda} and {@code diff_encoder_cuda} on byte streams (diff_coder.cu). The decoder is
 * element-wise with one byte of history (two alternating one-byte device buffers). The encoder's recurrence
 * {@code out = out' op in} is a scan for an associative op — XOR (NRZI, modulus 2) or addition modulo M — as long
 * as the previous output is the whole state, i.e. M ≤ 256 (the twin keeps the output's low byte); a larger modulus
 * is refused with a message (the CPU block takes it).
 */
final class DiffCoderCuda extends CudaBlock {
    private static final int CHUNK = 64;
    private static final int SCAN_THREADS = 1024;
    private final boolean decode;
    private final int mode;
    private final int modulus;
    private final DevicePage[] prev = new DevicePage[2];
    private int current;
    private DevicePage state;
    private ScratchPage totals;

    DiffCoderCuda(BlockSetup s, boolean decode) {
        super(1, 1);
        this.decode = decode;
        boolean nrzi = s.string("coding").equals("nrzi");
        this.modulus = nrzi ? 2 : s.integer("modulus");
        this.mode = nrzi ? 0 : modulus == 2 ? 1 : 2; // the twin's order of cases
        if (!decode && modulus > 256) {
            throw new IllegalArgumentException("diff_encoder_cuda '" + s.instanceId() + "': the CUDA encoder takes a "
                    + "modulus up to 256, got " + modulus + " (use the CPU block for larger ones)");
        }
    }

    @Override
    protected void open() {
        if (decode) {
            prev[0] = DeviceMemory.zeroed(cuda, 8, stream);
            prev[1] = DeviceMemory.zeroed(cuda, 8, stream);
        } else {
            state = DeviceMemory.zeroed(cuda, 8, stream);
            totals = new ScratchPage(cuda, stream);
        }
    }

    @Override
    protected void prepare(long items) {
        if (!decode) {
            totals.ensure(4 * chunks(items));
        }
    }

    private static long chunks(long items) {
        return (items + CHUNK - 1) / CHUNK;
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items == 0) {
            return 0;
        }
        if (decode) {
            cuda.kernels().launch("sf_diff_decode", stream, items, in[0], out, items, prev[current].ptr(),
                    prev[1 - current].ptr(), mode, modulus);
            current = 1 - current;
            return items;
        }
        long chunks = chunks(items);
        cuda.kernels().launch("sf_diff_chunk_totals", stream, chunks, in[0], totals.ptr(), chunks, items, mode,
                modulus);
        cuda.kernels().launchGrid("sf_diff_carry", stream, 1, SCAN_THREADS, 0, totals.ptr(), chunks, state.ptr(),
                mode, modulus);
        cuda.kernels().launch("sf_diff_encode", stream, chunks, in[0], out, chunks, items, mode, modulus,
                totals.ptr());
        return items;
    }

    @Override
    protected void close() {
        for (DevicePage p : new DevicePage[] {prev[0], prev[1], state}) {
            if (p != null) {
                cuda.devicePool().release(p);
            }
        }
        if (totals != null) {
            totals.close();
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Decoder extends CudaTwinFactory {
        public Decoder() {
            super("diff_decoder");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new DiffCoderCuda(s, true);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Encoder extends CudaTwinFactory {
        public Encoder() {
            super("diff_encoder");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new DiffCoderCuda(s, false);
        }
    }
}
