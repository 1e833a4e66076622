package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.ComplexOps;
import org.sigflow.dsp.Firdes;
import org.sigflow.dsp.FmDeemphasis;
import org.sigflow.dsp.IirFilter;
import org.sigflow.dsp.PllRefout;
import org.sigflow.dsp.PolyphaseResampler;
import org.sigflow.dsp.WindowType;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code wfm_rcv_pll}: GNU Radio's stereo wide-band FM receiver hier block, fused. The demodulated multiplex d goes
 * through a complex 19 kHz pilot band-pass and a PLL ({@code pll_refout_cc}); the doubled reference's imaginary part
 * through a 38 kHz band-pass (gain -2) is the L-R carrier, multiplied with d delayed by both band-passes' group
 * delays. Both the product and the delayed d pass a 15 kHz low-pass decimating to the audio rate; left = de-emphasis
 * of mono + stereo, right = of mono - stereo. Each FIR keeps its past in a line of its own input, zeros at first.
 */
public final class WfmRcvPllBlock extends SyncBlock {
    private final float gain;
    private final int decim;
    private final int delay;
    private final PolyphaseResampler pilotRe;
    private final PolyphaseResampler pilotIm;
    private final PolyphaseResampler stereoBpf;
    private final PolyphaseResampler monoLpf;
    private final PolyphaseResampler stereoLpf;
    private final PllRefout pll;
    private final IirFilter leftDeemph;
    private final IirFilter rightDeemph;
    private final int dPast; // demodulated samples kept: the pilot filter's history, the delay plus the low-pass's
    private final int qPast;
    private final int mPast;
    private float[] dLine;
    private float[] qLine;
    private float[] mLine;
    private float[] pilot = new float[0];
    private float[] ref = new float[0];
    private float[] mono = new float[0];
    private float[] stereo = new float[0];

    WfmRcvPllBlock(double rate, int decim, double tau) {
        super(decim, 1);
        this.decim = decim;
        gain = (float) (rate / (2 * Math.PI * 75000));
        double[] stereoTaps = Firdes.bandPass(-2.0, rate, 37600, 38400, 400, WindowType.HAMMING, 6.76);
        double[] pilotTaps = Firdes.complexBandPass(1.0, rate, 18980, 19020, 1500, WindowType.HAMMING, 6.76, 0);
        double[] audioTaps = Firdes.lowPass(1, rate, 15000, 1500, WindowType.HAMMING, 6.76);
        int np = pilotTaps.length / 2;
        float[] re = new float[np];
        float[] im = new float[np];
        for (int k = 0; k < np; k++) {
            re[k] = (float) pilotTaps[2 * k];
            im[k] = (float) pilotTaps[2 * k + 1];
        }
        delay = (np - 1) / 2 + (stereoTaps.length - 1) / 2;
        pilotRe = new PolyphaseResampler(re, false, false, 1, 1);
        pilotIm = new PolyphaseResampler(im, false, false, 1, 1);
        stereoBpf = new PolyphaseResampler(Firdes.toFloat(stereoTaps), false, false, 1, 1);
        float[] audio = Firdes.toFloat(audioTaps);
        monoLpf = new PolyphaseResampler(audio, false, false, 1, decim);
        stereoLpf = new PolyphaseResampler(audio, false, false, 1, decim);
        pll = new PllRefout(0.001, 2 * Math.PI * 19200 / rate, 2 * Math.PI * 18800 / rate);
        double[][] ba = FmDeemphasis.taps(rate / decim, tau);
        leftDeemph = new IirFilter(ba[0], ba[1], false);
        rightDeemph = new IirFilter(ba[0], ba[1], false);
        dPast = Math.max(pilotRe.history() - 1, delay + monoLpf.history() - 1);
        dLine = new float[dPast];
        qPast = stereoBpf.history() - 1;
        mPast = stereoLpf.history() - 1;
        qLine = new float[qPast];
        mLine = new float[mPast];
    }

    @Override
    public int history() {
        return 2; // the demodulator's previous sample
    }

    @Override
    protected int maxSteps() {
        return Math.max(1, PolyphaseResampler.MAX_STEPS / decim);
    }

    @Override
    protected long costPerStep() {
        return (long) decim * (2L * pilotRe.history() + stereoBpf.history()) + 2L * monoLpf.history();
    }

    @Override
    protected void process(WorkIo io, int steps) {
        int n = steps * decim;
        dLine = grow(dLine, dPast, n);
        ComplexOps.quadratureDemod(io.in(0).floats(), io.in(0).offset(), dLine, dPast, n, gain);
        if (pilot.length < 2 * n) {
            pilot = new float[2 * n];
            ref = new float[2 * n];
        }
        // complex pilot band-pass of a real signal: real and imaginary taps apart, then interleaved
        pilotRe.process(dLine, dPast, ref, 0, n);
        pilotIm.process(dLine, dPast, ref, n, n);
        for (int i = 0; i < n; i++) {
            pilot[2 * i] = ref[i];
            pilot[2 * i + 1] = ref[n + i];
        }
        pll.process(pilot, 0, ref, 0, n);
        int qp = qPast;
        qLine = grow(qLine, qp, n);
        for (int i = 0; i < n; i++) { // imag(ref^2)
            qLine[qp + i] = (float) (2.0 * ref[2 * i] * ref[2 * i + 1]);
        }
        int mp = mPast;
        mLine = grow(mLine, mp, n);
        stereoBpf.process(qLine, qp, mLine, mp, n);
        int dd = dPast - delay; // d delayed by both band-passes' group delays
        for (int i = 0; i < n; i++) {
            mLine[mp + i] *= dLine[dd + i];
        }
        if (mono.length < steps) {
            mono = new float[steps];
            stereo = new float[steps];
        }
        monoLpf.process(dLine, dd, mono, 0, steps);
        stereoLpf.process(mLine, mp, stereo, 0, steps);
        float[] left = io.out(0).floats();
        float[] right = io.out(1).floats();
        int lOff = io.out(0).offset();
        int rOff = io.out(1).offset();
        for (int i = 0; i < steps; i++) {
            left[lOff + i] = stereo[i] + mono[i];
            right[rOff + i] = mono[i] - stereo[i];
        }
        leftDeemph.filter(left, lOff, left, lOff, steps);
        rightDeemph.filter(right, rOff, right, rOff, steps);
        keepTail(dLine, dPast, n);
        keepTail(qLine, qp, n);
        keepTail(mLine, mp, n);
    }

    /** The line with room for {@code n} new samples after its {@code past} kept ones. */
    private static float[] grow(float[] line, int past, int n) {
        if (line.length >= past + n) {
            return line;
        }
        float[] g = new float[past + n];
        System.arraycopy(line, 0, g, 0, past);
        return g;
    }

    /** Moves the last {@code past} samples of {@code past + n} to the front for the next call. */
    private static void keepTail(float[] line, int past, int n) {
        System.arraycopy(line, n, line, 0, past);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "wfm_rcv_pll";
        }

        @Override
        public WfmRcvPllBlock create(BlockSetup s) {
            double rate = s.real("quad_rate");
            double decim = s.real("audio_decimation");
            double tau = s.real("deemph_tau");
            if (!(rate > 0) || decim < 1 || decim != Math.rint(decim) || !(tau > 0)) {
                throw new IllegalArgumentException("wfm_rcv_pll needs a positive quad_rate and tau and an integer"
                        + " audio_decimation >= 1, got " + rate + ", " + tau + " and " + decim);
            }
            return new WfmRcvPllBlock(rate, (int) decim, tau);
        }
    }
}
