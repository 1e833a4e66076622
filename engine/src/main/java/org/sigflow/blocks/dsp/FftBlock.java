package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.Fft;
import org.sigflow.dsp.FftScaling;
import org.sigflow.dsp.WindowType;
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
    private final boolean realInput;
    private final boolean inverse;
    private final boolean shift;
    private final FftScaling scaling;
    private final float[] window;
    private final Fft fft;
    private final float[] frame;

    FftBlock(int n, boolean realInput, boolean inverse, WindowType window, double beta, boolean shift,
             FftScaling scaling) {
        this.n = n;
        this.realInput = realInput;
        this.inverse = inverse;
        this.shift = shift;
        this.scaling = scaling;
        this.window = window.makeFloat(n, beta);
        this.fft = Fft.of(n);
        this.frame = new float[2 * n];
    }

    @Override
    protected int maxSteps() {
        return Math.max(1, 65536 / n);
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] x = io.in(0).floats();
        float[] y = io.out(0).floats();
        int inStride = realInput ? n : 2 * n;
        for (int f = 0; f < steps; f++) {
            int xo = io.in(0).offset() + f * inStride;
            int yo = io.out(0).offset() + f * 2 * n;
            boolean preShift = inverse && shift;
            float[] dst = preShift ? frame : y;
            int d = preShift ? 0 : yo;
            for (int i = 0; i < n; i++) {
                float w = window[i];
                if (realInput) {
                    dst[d + 2 * i] = x[xo + i] * w;
                    dst[d + 2 * i + 1] = 0f;
                } else {
                    dst[d + 2 * i] = x[xo + 2 * i] * w;
                    dst[d + 2 * i + 1] = x[xo + 2 * i + 1] * w;
                }
            }
            if (preShift) {
                Fft.ifftshift(frame, 0, y, yo, n);
            }
            fft.transform(y, yo, inverse, scaling);
            if (!inverse && shift) {
                System.arraycopy(y, yo, frame, 0, 2 * n);
                Fft.fftshift(frame, 0, y, yo, n);
            }
        }
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
            return new FftBlock(n, s.string("type").equals("f32"), s.string("direction").equals("inverse"),
                    WindowType.fromId(s.string("window")), s.real("beta"), s.bool("shift"),
                    FftScaling.fromId(s.string("scaling")));
        }
    }
}
