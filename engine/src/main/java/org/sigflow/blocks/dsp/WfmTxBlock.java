package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.Firdes;
import org.sigflow.dsp.FmPreemphasis;
import org.sigflow.dsp.FrequencyModulator;
import org.sigflow.dsp.IirFilter;
import org.sigflow.dsp.PolyphaseResampler;
import org.sigflow.dsp.Remez;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code wfm_tx}: GNU Radio's wide-band FM transmitter hier block, fused: interpolation by quad_rate/audio_rate with
 * the taps GNU Radio designs ({@code optfir.low_pass(I, quad_rate, 16e3, 18e3, 0.1, 40)}), FM pre-emphasis at
 * quad_rate, then a frequency modulator of sensitivity {@code 2 pi max_dev / quad_rate}.
 */
public final class WfmTxBlock extends SyncBlock {
    private final PolyphaseResampler interpolator; // null where quad_rate == audio_rate
    private final IirFilter preemph;
    private final FrequencyModulator modulator;
    private final int interp;
    private float[] scratch = new float[0];

    WfmTxBlock(int audioRate, int quadRate, double tau, double maxDev, double fh, boolean gnuRadio) {
        super(1, quadRate / audioRate);
        interp = quadRate / audioRate;
        interpolator = interp == 1 ? null : new PolyphaseResampler(Firdes.toFloat(
                Remez.lowPass(interp, quadRate, 16000, 18000, 0.1, 40, 2)), false, false, interp, 1);
        double[][] ba = FmPreemphasis.taps(quadRate, tau, fh);
        preemph = new IirFilter(ba[0], ba[1], false);
        double k = 2 * Math.PI * maxDev / quadRate;
        modulator = gnuRadio ? FrequencyModulator.gnuRadio(k) : new FrequencyModulator(k);
    }

    @Override
    public int history() {
        return interpolator == null ? 1 : interpolator.history();
    }

    @Override
    protected int maxSteps() {
        return PolyphaseResampler.MAX_STEPS;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        int n = steps * interp;
        float[] x = io.in(0).floats();
        int xOff = io.in(0).offset();
        if (interpolator != null) {
            if (scratch.length < n) {
                scratch = new float[n];
            }
            interpolator.process(x, xOff, scratch, 0, steps);
            x = scratch;
            xOff = 0;
        } else if (scratch.length < n) {
            scratch = new float[n];
        }
        preemph.filter(x, xOff, scratch, 0, n);
        modulator.modulate(scratch, 0, io.out(0).floats(), io.out(0).offset(), n);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "wfm_tx";
        }

        @Override
        public WfmTxBlock create(BlockSetup s) {
            int audioRate = (int) s.real("audio_rate");
            int quadRate = (int) s.real("quad_rate");
            if (audioRate < 1 || quadRate < 1 || quadRate % audioRate != 0) {
                throw new IllegalArgumentException("quad_rate (" + quadRate + ") must be a positive integer multiple"
                        + " of audio_rate (" + audioRate + ")");
            }
            return new WfmTxBlock(audioRate, quadRate, s.real("tau"), s.real("max_dev"), s.real("fh"),
                    s.has("oscillator") && s.string("oscillator").equals("gnuradio"));
        }
    }
}
