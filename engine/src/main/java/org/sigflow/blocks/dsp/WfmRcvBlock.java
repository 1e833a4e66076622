package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.ComplexOps;
import org.sigflow.dsp.Firdes;
import org.sigflow.dsp.FmDeemphasis;
import org.sigflow.dsp.IirFilter;
import org.sigflow.dsp.PolyphaseResampler;
import org.sigflow.dsp.WindowType;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code wfm_rcv}: GNU Radio's wide-band FM receiver hier block, fused: quadrature demodulator of gain
 * {@code quad_rate / (2 pi 75 kHz)}, decimating Hamming low-pass ({@code firdes.low_pass(1, quad_rate, ar/2 - ar/32,
 * ar/32)}, ar = audio rate) and 75 us de-emphasis at the audio rate.
 */
public final class WfmRcvBlock extends SyncBlock {
    private final float gain;
    private final PolyphaseResampler audioFilter;
    private final IirFilter deemph;
    private final int decim;
    private float[] demod = new float[0];

    WfmRcvBlock(double quadRate, int decim) {
        super(decim, 1);
        this.decim = decim;
        gain = (float) (quadRate / (2 * Math.PI * 75e3));
        double audioRate = quadRate / decim;
        double tw = audioRate / 32;
        audioFilter = new PolyphaseResampler(Firdes.toFloat(Firdes.lowPass(1, quadRate, audioRate / 2 - tw, tw,
                WindowType.HAMMING, 6.76)), false, false, 1, decim);
        double[][] ba = FmDeemphasis.taps(audioRate, 75e-6);
        deemph = new IirFilter(ba[0], ba[1], false);
    }

    /** The filter's history plus the one earlier sample the demodulator differences against. */
    @Override
    public int history() {
        return audioFilter.history() + 1;
    }

    @Override
    protected int maxSteps() {
        return PolyphaseResampler.MAX_STEPS;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        int past = audioFilter.history() - 1;
        int n = past + steps * decim;
        if (demod.length < n) {
            demod = new float[n];
        }
        ComplexOps.quadratureDemod(io.in(0).floats(), io.in(0).offset() - 2 * past, demod, 0, n, gain);
        float[] y = io.out(0).floats();
        int yOff = io.out(0).offset();
        audioFilter.process(demod, past, y, yOff, steps);
        deemph.filter(y, yOff, y, yOff, steps);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "wfm_rcv";
        }

        @Override
        public WfmRcvBlock create(BlockSetup s) {
            double quadRate = s.real("quad_rate");
            double decim = s.real("audio_decimation");
            if (!(quadRate > 0) || decim < 1 || decim != Math.rint(decim)) {
                throw new IllegalArgumentException("wfm_rcv needs a positive quad_rate and an integer audio_decimation"
                        + " >= 1, got " + quadRate + " and " + decim);
            }
            return new WfmRcvBlock(quadRate, (int) decim);
        }
    }
}
