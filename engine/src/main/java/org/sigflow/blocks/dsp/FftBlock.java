package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.FftScaling;
import org.sigflow.dsp.FrameFft;
import org.sigflow.dsp.FrameFfts;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code fft}: one FFT per vector item of {@code fft_size} samples, like GNU Radio's {@code fft_vcc}/{@code fft_vfc}:
 * the window multiplies the frame in input order; with {@code shift} an inverse transform first applies
 * {@code ifftshift} (centred spectrum in) and a forward transform applies {@code fftshift} afterwards (DC at index
 * {@code N/2}, numpy's convention, also for odd N). Real input is transformed as complex with zero imaginary part
 * (full N-point spectrum out).
 */
public final class FftBlock extends SyncBlock {
    private final int n;
    private final FrameFft frames;

    FftBlock(int n, boolean realInput, boolean inverse, float[] window, boolean shift, FftScaling scaling) {
        this.n = n;
        this.frames = FrameFfts.create(n, realInput, inverse, window, shift, scaling);
    }

    /** Two full passes per ring chunk: the default chunk held 2-4 frames of a 4096-8192-point FFT (half-empty passes). */
    @Override
    public int chunkElements() {
        return 2 * frames.framesPerPass() * 2 * n;
    }

    /**
     * Frames per work call: at most about a quarter of the input ring (one default chunk of 16 Ki samples, at least
     * two passes), so the FFT frees ring space piece by piece while {@code stream_to_vector} refills it. With 64 Ki
     * samples per call (the old bound, {@code -Dsigflow.fft.callSamples=65536}) a call took the whole ring for n up
     * to 1024: upstream waited for the call to end, and the FFT then waited for upstream.
     */
    private static final int CALL_SAMPLES = Integer.getInteger("sigflow.fft.callSamples", 16384);

    @Override
    protected int maxSteps() {
        return Math.max(2 * frames.framesPerPass(), CALL_SAMPLES / n);
    }

    @Override
    protected void process(WorkIo io, int steps) {
        frames.process(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "fft";
        }

        @Override
        public FftBlock create(BlockSetup s) {
            int n = s.integer("fft_size");
            if (n < 1) {
                throw new IllegalArgumentException("FFT size must be >= 1, got " + n);
            }
            if (s.has("method") && s.string("method").equals("paper_512") && n != 512) {
                throw new IllegalArgumentException("the paper's GPU kernel (method paper_512) computes 512-point FFTs "
                        + "only, not " + n);
            }
            return new FftBlock(n, s.string("type").equals("f32"), s.string("direction").equals("inverse"),
                    FftWindows.of(s, n), s.bool("shift"),
                    FftScaling.fromId(s.string("scaling")));
        }
    }
}
