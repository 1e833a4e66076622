package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.FirFilter;
import org.sigflow.dsp.FirFilters;
import org.sigflow.dsp.Firdes;
import org.sigflow.dsp.WindowType;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code hilbert}: GNU Radio's {@code hilbert_fc}, real in, analytic signal out: real part the input delayed by
 * {@code (ntaps-1)/2}, imaginary part the input through {@link Firdes#hilbert} (the vectorised real FIR).
 */
public final class HilbertBlock extends SyncBlock {
    private static final int MAX_STEPS = 8192;
    private final int ntaps;
    private final float[] taps;
    private final FirFilter filter;
    private final float[] imag = new float[MAX_STEPS];

    HilbertBlock(int ntaps, WindowType window, double beta) {
        this.ntaps = ntaps;
        this.taps = Firdes.toFloat(Firdes.hilbert(ntaps, window, beta));
        this.filter = FirFilters.realTaps(taps);
    }

    /** The Hilbert transformer's taps, for the CUDA twin. */
    public float[] taps() {
        return taps.clone();
    }

    @Override
    public int history() {
        return ntaps;
    }

    @Override
    protected int maxSteps() {
        return MAX_STEPS;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] x = io.in(0).floats();
        int xOff = io.in(0).offset();
        float[] y = io.out(0).floats();
        int yOff = io.out(0).offset();
        filter.filter(x, xOff - (ntaps - 1), imag, 0, steps, 1);
        int delayed = xOff - (ntaps - 1) / 2;
        for (int i = 0; i < steps; i++) {
            y[yOff + 2 * i] = x[delayed + i];
            y[yOff + 2 * i + 1] = imag[i];
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "hilbert";
        }

        @Override
        public HilbertBlock create(BlockSetup s) {
            return new HilbertBlock(s.integer("num_taps"), WindowType.fromId(s.string("window")), s.real("beta"));
        }
    }
}
