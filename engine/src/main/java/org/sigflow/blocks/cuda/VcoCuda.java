package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.dsp.FixedPointVco;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code vco_cuda}: the fixed-point oscillator's 32-bit phase is a sum of per-sample increments modulo 2^32, an
 * exact scan (vco.cu): chunk sums, one block scanning them from the phase kept on the device, then each chunk from
 * its incoming phase, with the twin's increment arithmetic and sine table (uploaded once), so the twin's bits.
 */
final class VcoCuda extends ChunkScanCuda {
    private static final float PI = (float) Math.PI;
    private static final float TAU = (float) (2.0 * Math.PI);
    private final int complex;
    private final float k;
    private final float amplitude;
    private DevicePage table;

    VcoCuda(BlockSetup s) {
        super(s.string("type").equals("cf32") ? 8 : 4, 4); // scratch: each chunk's phase sum, then its incoming phase
        this.complex = s.string("type").equals("cf32") ? 1 : 0;
        this.k = (float) (s.real("sensitivity") / s.real("samp_rate")); // as the twin
        this.amplitude = (float) s.real("amplitude");
    }

    @Override
    protected void open() {
        super.open();
        table = DeviceMemory.upload(cuda, FixedPointVco.lines());
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items == 0) {
            return 0;
        }
        long chunks = chunks(items);
        cuda.kernels().launch("sf_vco_chunk_sums", stream, chunks, in[0], scratch(0), chunks, items, k, PI, TAU);
        cuda.kernels().launchGrid("sf_vco_carry", stream, 1, SCAN_THREADS, 0, scratch(0), chunks, state());
        cuda.kernels().launch("sf_vco_apply", stream, chunks, in[0], out, chunks, items, k, PI, TAU, amplitude,
                complex, table.ptr(), scratch(0));
        return items;
    }

    @Override
    protected void close() {
        super.close();
        cuda.devicePool().release(table);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("vco");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new VcoCuda(s);
        }
    }
}
