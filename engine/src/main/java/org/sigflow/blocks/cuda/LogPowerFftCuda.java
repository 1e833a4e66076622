package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import java.util.HashMap;
import java.util.Map;
import jcuda.driver.CUdeviceptr;
import org.sigflow.blocks.dsp.LogPowerFftBlock;
import org.sigflow.cuda.Cufft;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.dsp.LogPowerFft;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code log_power_fft_cuda}: the whole spectrum reduction on the device, so only the dB frames leave it (kernels
 * log_power_fft.cu): frame selection and window in one kernel, one batched cuFFT, then {@code |X|^2}, the
 * exponential average (state on the device between pages), {@code log10} and the dB offset in one kernel. Without
 * averaging every bin of every frame is independent; with it, one thread per bin runs through the page's frames in
 * order. Run-time changes (average, alpha, reference scale) go through the CPU twin and apply from the next page.
 */
final class LogPowerFftCuda extends CudaBlock {
    private final LogPowerFftBlock twin;
    private final LogPowerFft spec;
    private final int n;
    private final int roll;
    private final long samplesPerFrame;
    private final Map<Long, Integer> plans = new HashMap<>();
    private volatile float alpha;
    private volatile float offsetDb;
    private Cufft cufft;
    private DevicePage window;
    private DevicePage avg;
    private DevicePage work;

    LogPowerFftCuda(LogPowerFftBlock twin) {
        super(1, 4L * twin.spectra().fftSize());
        this.twin = twin;
        this.spec = twin.spectra();
        this.n = spec.fftSize();
        this.roll = twin.shift() ? n - n / 2 : 0;
        this.samplesPerFrame = spec.samplesPerFrame();
        settings();
    }

    private void settings() {
        alpha = (float) spec.alpha();
        offsetDb = (float) spec.offsetDb();
    }

    @Override
    protected long outPageItems(long inPageItems) {
        if (inPageItems % samplesPerFrame != 0) {
            throw new IllegalArgumentException("GPU pages of " + inPageItems + " items do not split into whole frames"
                    + " of " + samplesPerFrame + " samples (FFT size × frame decimation): make the memory node's"
                    + " Page Size a multiple of it");
        }
        return inPageItems / samplesPerFrame;
    }

    @Override
    protected void open() {
        cufft = Cufft.get();
        window = DeviceMemory.upload(cuda, twin.window());
        avg = DeviceMemory.zeroed(cuda, 4L * n, stream);
    }

    @Override
    protected void prepare(long items) {
        long frames = items / samplesPerFrame;
        if (frames == 0) {
            return;
        }
        plans.computeIfAbsent(frames, f -> cufft.plan(n, (int) (long) f, stream)); // tens of ms: not kernel time
        if (work == null || work.bytes() < 8 * frames * n) {
            if (work != null) {
                DeviceMemory.drain(stream);
                cuda.devicePool().release(work);
            }
            work = cuda.devicePool().acquire(8 * frames * n);
        }
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        long frames = items / samplesPerFrame;
        if (frames == 0) {
            return 0;
        }
        long total = frames * n;
        cuda.kernels().launch(spec.realInput() ? "sf_lpfft_pre_f32" : "sf_lpfft_pre_cf32", stream, total, in[0],
                work.ptr(), total, n, window.ptr(), samplesPerFrame, samplesPerFrame - n);
        cufft.execute(plans.get(frames), work.ptr(), work.ptr(), Cufft.FORWARD);
        float a = alpha;
        if (a == 1f) {
            cuda.kernels().launch("sf_lpfft_db", stream, total, work.ptr(), out, total, n, roll, offsetDb);
        } else {
            cuda.kernels().launch("sf_lpfft_avg_db", stream, n, work.ptr(), out, (long) n, n, (int) frames, roll,
                    avg.ptr(), a, 1f - a, offsetDb);
        }
        return frames;
    }

    @Override
    protected void close() {
        plans.values().forEach(cufft::destroy);
        for (DevicePage p : new DevicePage[] {window, avg, work}) {
            if (p != null) {
                cuda.devicePool().release(p);
            }
        }
    }

    @Override
    public double relativeRate() {
        return 1.0 / samplesPerFrame;
    }

    @Override
    public void applyParam(String paramId, Value value) {
        twin.applyParam(paramId, value); // checks, and updates alpha / offset (throws and keeps them if refused)
        settings();
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("log_power_fft");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new LogPowerFftCuda((LogPowerFftBlock) cpuTwin);
        }
    }
}
