package org.sigflow.blocks.cuda;

import com.google.auto.service.AutoService;
import jcuda.driver.CUdeviceptr;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.dsp.CounterNoise;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code channel_model_cuda}: multipath FIR, frequency offset and noise in one kernel ({@code channel_model.cu}), one
 * thread per sample: the offset's phase comes from the absolute sample index and the noise is a function of (seed,
 * index) ({@link CounterNoise}), so nothing is carried between samples but the FIR's {@code ntaps-1} history samples.
 */
final class ChannelModelCuda extends CudaBlock {
    private final float[] taps;
    private final double offset;
    private final CounterNoise noise;
    private final double sigma;
    private DevicePage tapPage;
    private DeviceHistory history;
    private long n;

    ChannelModelCuda(BlockSetup s) {
        super(1, 8);
        this.taps = s.complexes("taps");
        this.offset = s.real("frequency_offset");
        this.sigma = s.real("noise_voltage") / Math.sqrt(2);
        this.noise = new CounterNoise(s.longValue("seed"), sigma);
    }

    @Override
    protected void open() {
        tapPage = DeviceMemory.upload(cuda, taps);
        history = new DeviceHistory(cuda, stream, taps.length / 2 - 1, true);
    }

    @Override
    protected long enqueue(CUdeviceptr[] in, CUdeviceptr out, long items) {
        if (items > 0) {
            cuda.kernels().launch("sf_channel_model", stream, items, in[0], out, items, tapPage.ptr(), taps.length / 2,
                    history.current(), n, offset, sigma, noise.base());
        }
        history.advance(in[0], items);
        n += items;
        return items;
    }

    @Override
    protected void close() {
        if (history != null) {
            history.close();
        }
        if (tapPage != null) {
            cuda.devicePool().release(tapPage);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory extends CudaTwinFactory {
        public Factory() {
            super("channel_model");
        }

        @Override
        protected Block createDevice(BlockSetup s, Block cpuTwin) {
            return new ChannelModelCuda(s);
        }
    }
}
