package org.sigflow.blocks.cuda;

import java.util.HashMap;
import java.util.Map;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.Cufft;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;

/**
 * The FIR as overlap-save through cuFFT (kernels fft_fir.cu): frames of {@code N} samples advancing by
 * {@code L = N - (ntaps - 1)}, one batched forward transform, a multiply by {@code H = FFT(taps) / N}, one batched
 * inverse, and the valid {@code L} samples of each frame kept (every D-th when decimating). {@code N} is the power of
 * two of at least 8 × ntaps and 1024. Cheaper per sample than the direct form for long filters.
 */
final class OverlapSaveFir implements FirMethod {
    private final Cuda cuda;
    private final CUstream stream;
    private final boolean complexInput;
    private final boolean complexTaps;
    private final int ntaps;
    private final int decimation;
    private final int n;
    private final int l;
    private final Map<Long, Integer> plans = new HashMap<>();
    private Cufft cufft;
    private DevicePage spectrum;
    private DevicePage frames;

    OverlapSaveFir(Cuda cuda, CUstream stream, boolean complexInput, boolean complexTaps, int ntaps, int decimation) {
        this.cuda = cuda;
        this.stream = stream;
        this.complexInput = complexInput;
        this.complexTaps = complexTaps;
        this.ntaps = ntaps;
        this.decimation = decimation;
        this.n = Math.max(1024, Integer.highestOneBit(Math.max(1, 8 * ntaps - 1)) << 1);
        this.l = n - (ntaps - 1);
    }

    @Override
    public void open(float[] taps) {
        cufft = Cufft.get();
        spectrum = cuda.devicePool().acquire(8L * n);
        retap(taps);
    }

    /** H = FFT(taps zero-padded to N) / N, computed on the device once per set of taps. */
    @Override
    public void retap(float[] taps) {
        float[] padded = new float[2 * n];
        float scale = 1f / n;
        for (int k = 0; k < ntaps; k++) {
            padded[2 * k] = (complexTaps ? taps[2 * k] : taps[k]) * scale;
            padded[2 * k + 1] = complexTaps ? taps[2 * k + 1] * scale : 0f;
        }
        DeviceMemory.overwrite(spectrum, padded);
        cufft.execute(plan(1), spectrum.ptr(), spectrum.ptr(), Cufft.FORWARD);
    }

    private int plan(long batch) {
        return plans.computeIfAbsent(batch, b -> cufft.plan(n, (int) (long) b, stream));
    }

    private long frameCount(long items) {
        return (items + l - 1) / l;
    }

    @Override
    public void prepare(long items) {
        long count = frameCount(items);
        plan(count);
        if (frames == null || frames.bytes() < 8L * n * count) {
            if (frames != null) {
                DeviceMemory.drain(stream);
                cuda.devicePool().release(frames);
            }
            frames = cuda.devicePool().acquire(8L * n * count);
        }
    }

    @Override
    public void filter(CUdeviceptr in, long items, CUdeviceptr hist, CUdeviceptr out, long nOut) {
        long count = frameCount(items);
        long total = count * n;
        int hlen = ntaps - 1;
        cuda.kernels().launch(complexInput ? "sf_os_gather_cf32" : "sf_os_gather_f32", stream, total, in, items,
                hist, hlen, frames.ptr(), n, l, total);
        int plan = plan(count);
        cufft.execute(plan, frames.ptr(), frames.ptr(), Cufft.FORWARD);
        cuda.kernels().launch("sf_os_multiply", stream, total, frames.ptr(), spectrum.ptr(), n, total);
        cufft.execute(plan, frames.ptr(), frames.ptr(), Cufft.INVERSE);
        cuda.kernels().launch(complexInput ? "sf_os_extract_cf32" : "sf_os_extract_f32", stream, nOut, frames.ptr(),
                out, nOut, decimation, n, l, hlen);
    }

    @Override
    public void close() {
        if (cufft != null) {
            plans.values().forEach(cufft::destroy);
        }
        for (DevicePage p : new DevicePage[] {spectrum, frames}) {
            if (p != null) {
                cuda.devicePool().release(p);
            }
        }
    }
}
