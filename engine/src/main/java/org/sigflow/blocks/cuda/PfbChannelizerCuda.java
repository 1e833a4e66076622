package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.dsp.PfbChannelizerBlock;
import org.sigflow.cuda.Cufft;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code pfb_channelizer_cuda}: the critically sampled polyphase channelizer of its CPU twin in three launches per
 * page (kernels pfb.cu): all N branch FIRs in one kernel (one thread per step and branch), one batched inverse cuFFT
 * that writes channel-major, and one scatter to the N output pages. The {@code (Q-1)N} samples before a page live in
 * one of two alternating device history buffers, as the FIR's.
 */
final class PfbChannelizerCuda extends CudaBlock {
    private final int n;
    private final int branchTaps;
    private final float[] taps;
    private final Map<Long, Integer> plans = new HashMap<>();
    // by output 0's page (a page's pointer object is its own): the output rings turn together
    private final Map<CUdeviceptr, DevicePage> outTables = new IdentityHashMap<>();
    private DeviceHistory history;
    private Cufft cufft;
    private DevicePage tapsPage;
    private DevicePage frames;
    private DevicePage spectra;

    PfbChannelizerCuda(PfbChannelizerBlock twin) {
        super(1, twin.channels(), 8);
        this.n = twin.channels();
        float[] prototype = twin.prototype();
        this.branchTaps = (prototype.length + n - 1) / n;
        this.taps = java.util.Arrays.copyOf(prototype, branchTaps * n); // zero-padded to whole branches
    }

    @Override
    protected long outPageItems(long inPageItems) {
        if (inPageItems % n != 0) {
            throw new IllegalArgumentException("GPU pages of " + inPageItems + " items do not split into whole steps"
                    + " of " + n + " channels: make the memory node's Page Size a multiple of " + n);
        }
        return inPageItems / n;
    }

    @Override
    protected void open() {
        cufft = Cufft.get();
        tapsPage = DeviceMemory.upload(cuda, taps);
        history = new DeviceHistory(cuda, stream, (branchTaps - 1) * n, true);
    }

    @Override
    protected void prepare(long items) {
        long steps = items / n;
        if (steps > 0) { // plans take tens of ms: keep them out of the kernel time
            plans.computeIfAbsent(steps, s -> cufft.planStrided(n, (int) (long) s, (int) (long) s, 1, stream));
        }
        if (frames == null || frames.bytes() < 8 * items) {
            if (frames != null) {
                DeviceMemory.drain(stream);
                cuda.devicePool().release(frames);
                cuda.devicePool().release(spectra);
            }
            frames = cuda.devicePool().acquire(8 * items);
            spectra = cuda.devicePool().acquire(8 * items);
        }
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        throw new IllegalStateException("the channelizer writes " + n + " outputs");
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr[] out, long items) {
        long steps = items / n;
        long used = steps * n;
        if (steps > 0) {
            cuda.kernels().launch("sf_pfb_branches", stream, used, in[0], frames.ptr(), used, n, tapsPage.ptr(),
                    branchTaps, history.current());
            cufft.execute(plans.get(steps), frames.ptr(), spectra.ptr(), Cufft.INVERSE);
            cuda.kernels().launch("sf_pfb_scatter", stream, used, spectra.ptr(), outTable(out).ptr(), used, steps);
        }
        history.advance(in[0], items);
        return steps;
    }

    /** The device table of the output pages' addresses, made once per page set. */
    private DevicePage outTable(CUdeviceptr[] out) {
        return outTables.computeIfAbsent(out[0], first -> DeviceMemory.uploadAddresses(cuda, out));
    }

    @Override
    protected void close() {
        plans.values().forEach(cufft::destroy);
        outTables.values().forEach(cuda.devicePool()::release);
        if (history != null) {
            history.close();
        }
        for (DevicePage p : new DevicePage[] {tapsPage, frames, spectra}) {
            if (p != null) {
                cuda.devicePool().release(p);
            }
        }
    }

    @Override
    public double relativeRate() {
        return 1.0 / n;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("pfb_channelizer");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new PfbChannelizerCuda((PfbChannelizerBlock) cpuTwin);
        }
    }
}
