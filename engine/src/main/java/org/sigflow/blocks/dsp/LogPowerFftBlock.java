package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.LogPowerFft;
import org.sigflow.dsp.WindowType;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code log_power_fft}: a stream in, log-power spectra out (vectors of {@code fft_size}), GNU Radio's
 * {@code logpwrfft_c/f} in one block (see {@link LogPowerFft}). One step consumes {@code fft_size * decimation}
 * samples, where decimation = max(1, round(samp_rate / fft_size / frame_rate)) as GNU Radio's
 * {@code stream_to_vector_decimator} computes it.
 */
public final class LogPowerFftBlock extends SyncBlock {
    private final LogPowerFft spectra;
    private final float[] window;
    private final boolean shift;
    private boolean average;
    private double alpha;

    LogPowerFftBlock(LogPowerFft spectra, boolean average, double avgAlpha, float[] window, boolean shift) {
        super(spectra.samplesPerFrame(), 1);
        this.spectra = spectra;
        this.window = window;
        this.shift = shift;
        this.average = average;
        this.alpha = avgAlpha;
    }

    /** The computation and its current settings (alpha, dB offset), for the CUDA twin. */
    public LogPowerFft spectra() {
        return spectra;
    }

    public float[] window() {
        return window.clone();
    }

    public boolean shift() {
        return shift;
    }

    @Override
    protected int maxSteps() {
        return spectra.maxFrames();
    }

    @Override
    protected void process(WorkIo io, int steps) {
        spectra.process(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    @Override
    public void applyParam(String paramId, Value value) {
        switch (paramId) {
            case "average" -> {
                average = value.asBoolean();
                spectra.setAlpha(average ? alpha : 1.0);
            }
            case "avg_alpha" -> {
                double a = value.asDouble();
                if (average) {
                    spectra.setAlpha(a);
                }
                alpha = a;
            }
            case "ref_scale" -> spectra.setRefScale(value.asDouble());
            default -> super.applyParam(paramId, value);
        }
    }

    /** GNU Radio's frame decimation: max(1, round(samp_rate / fft_size / frame_rate)), ties to even like Python. */
    static int frameDecimation(double sampRate, int fftSize, double frameRate) {
        if (!(sampRate > 0) || !(frameRate > 0)) {
            throw new IllegalArgumentException("sample rate and frame rate must be > 0, got " + sampRate + " and "
                    + frameRate);
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE / fftSize, Math.rint(sampRate / fftSize / frameRate)));
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "log_power_fft";
        }

        @Override
        public LogPowerFftBlock create(BlockSetup s) {
            int n = s.integer("fft_size");
            if (n < 1) {
                throw new IllegalArgumentException("FFT size must be >= 1, got " + n);
            }
            boolean average = s.bool("average");
            double alpha = s.real("avg_alpha");
            float[] window = WindowType.fromId(s.string("window")).makeFloat(n, s.real("beta"));
            LogPowerFft lp = new LogPowerFft(n, s.string("type").equals("f32"), window, s.bool("shift"),
                    frameDecimation(s.real("samp_rate"), n, s.real("frame_rate")), s.real("ref_scale"),
                    average ? alpha : 1.0);
            if (!(alpha > 0 && alpha <= 1)) {
                throw new IllegalArgumentException("averaging alpha must be in (0, 1], got " + alpha);
            }
            return new LogPowerFftBlock(lp, average, alpha, window, s.bool("shift"));
        }
    }
}
