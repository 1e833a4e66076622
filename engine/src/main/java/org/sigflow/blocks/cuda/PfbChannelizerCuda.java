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
 * one of two alternating device history buffers, as the FIR's. With a selection (the hierarchical channelizer's
 * twin, {@link PfbChannelizerHierCuda}) the scatter writes output k from channel {@code outchans[k]} times a constant
 * phase instead.
 */
final class PfbChannelizerCuda extends CudaBlock {
    private final int n;
    private final int branchTaps;
    private final float[] taps;
    private final int[] outchans; // null: output k is channel k, unscaled
    private final float[] phases; // output k's phase (re, im), with outchans
    private final Map<Long, Integer> plans = new HashMap<>();
    // by output 0's page (a page's pointer object is its own): the output rings turn together
    private final Map<CUdeviceptr, DevicePage> outTables = new IdentityHashMap<>();
    private DeviceHistory history;
    private Cufft cufft;
    private DevicePage tapsPage;
    private DevicePage frames;
    private DevicePage spectra;
    private DevicePage chansPage;
    private DevicePage phasesPage;

    PfbChannelizerCuda(PfbChannelizerBlock twin) {
        this(twin.channels(), twin.prototype(), null, null);
    }

    /** {@code outchans} and {@code phases} (re, im per output) together, or both null for all channels as they are. */
    PfbChannelizerCuda(int n, float[] prototype, int[] outchans, float[] phases) {
        super(1, outchans == null ? n : outchans.length, 8);
        this.n = n;
        this.branchTaps = (prototype.length + n - 1) / n;
        this.taps = java.util.Arrays.copyOf(prototype, branchTaps * n); // zero-padded to whole branches
        this.outchans = outchans;
        this.phases = phases;
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
        if (outchans != null) {
            chansPage = DeviceMemory.upload(cuda, outchans);
            phasesPage = DeviceMemory.upload(cuda, phases);
        }
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
        return enqueue(in, new CUdeviceptr[] {out}, items); // one channel: the same table of (one) output
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr[] out, long items) {
        long steps = items / n;
        long used = steps * n;
        if (steps > 0) {
            cuda.kernels().launch("sf_pfb_branches", stream, used, in[0], frames.ptr(), used, n, tapsPage.ptr(),
                    branchTaps, history.current());
            cufft.execute(plans.get(steps), frames.ptr(), spectra.ptr(), Cufft.INVERSE);
            if (outchans == null) {
                cuda.kernels().launch("sf_pfb_scatter", stream, used, spectra.ptr(), outTable(out).ptr(), used, steps);
            } else {
                long written = outchans.length * steps;
                cuda.kernels().launch("sf_pfb_scatter_select", stream, written, spectra.ptr(), outTable(out).ptr(),
                        written, steps, chansPage.ptr(), phasesPage.ptr());
            }
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
        for (DevicePage p : new DevicePage[] {tapsPage, frames, spectra, chansPage, phasesPage}) {
            if (p != null) {
                cuda.devicePool().release(p);
            }
        }
    }

    @Override
    public double relativeRate() {
        return 1.0 / n;
    }

    @Override // the exact 1/N by which the runtime places tags (1/5 has no exact double)
    public org.sigflow.runtime.RateFraction relativeRateFraction() {
        return new org.sigflow.runtime.RateFraction(1, n);
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
