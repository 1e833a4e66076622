package org.sigflow.dsp;

/**
 * The prototype filters GNU Radio's {@code pfb} Python wrappers design when no taps are given, and
 * {@code firdes.low_pass_2} (window method sized by the stop-band attenuation) they use.
 */
public final class PfbPrototypes {
    private PfbPrototypes() {}

    /**
     * {@code pfb.arb_resampler_xxx.create_taps(rate, flt_size, atten)}: a low-pass at {@code flt_size} times the
     * input rate covering 80 % of the lower Nyquist band. Below rate 1 it is {@code firdes.low_pass_2} with a
     * Blackman-Harris window; from rate 1 GNU Radio uses {@code optfir.low_pass} (Parks-McClellan).
     */
    public static float[] arbResampler(double rate, int fltSize, double atten) {
        if (!(rate > 0)) {
            throw new IllegalArgumentException("the resampling rate must be > 0, got " + rate);
        }
        double percent = 0.80;
        if (rate < 1) {
            double halfband = 0.5 * rate;
            double bw = percent * halfband;
            double tb = (percent / 2.0) * halfband;
            return lowPass2(fltSize, fltSize, bw, tb, atten, WindowType.BLACKMAN_HARRIS, 6.76);
        }
        double bw = percent * 0.5;
        double tb = (percent / 2.0) * 0.5;
        return Remez.optfirLowPass(fltSize, fltSize, bw, bw + tb, 0.1, atten);
    }

    /** {@code pfb.decimator_ccf.create_taps(decim, atten)}: the optimal low-pass at the input rate, gain 1. */
    public static float[] decimator(int decim, double atten) {
        return Remez.optfirLowPass(1, decim, 0.4, 0.6, 0.1, atten);
    }

    /**
     * {@code pfb.interpolator_ccf.create_taps(interp, atten)}: the optimal low-pass at the output rate, gain
     * {@code interp}; GNU Radio starts its ripple loop at 0.99 dB here.
     */
    public static float[] interpolator(int interp, double atten) {
        return Remez.optfirLowPass(interp, interp, 0.4, 0.6, 0.99, atten);
    }

    /** {@code pfb.arb_resampler_ccc.create_taps}: the optimal low-pass of rate 1 whatever the rate. */
    public static float[] arbResamplerComplexTaps(int fltSize, double atten) {
        return Remez.optfirLowPass(fltSize, fltSize, 0.4, 0.6, 0.1, atten);
    }

    /**
     * GNU Radio's {@code firdes.low_pass_2(gain, fs, cutoff, transition_width, attenuation_db, window, beta)}: the
     * tap count from the attenuation ({@code (int) (atten * fs / (22 * tw))}, made odd), a windowed sinc with float
     * taps, scaled to a DC gain of {@code gain}.
     */
    public static float[] lowPass2(double gain, double fs, double cutoff, double tw, double attenDb, WindowType window,
                                   double beta) {
        if (!(fs > 0 && cutoff > 0 && cutoff <= fs / 2 && tw > 0)) {
            throw new IllegalArgumentException("low_pass_2: needs 0 < cutoff <= fs/2 and a transition width > 0 (fs "
                    + fs + ", cutoff " + cutoff + ", width " + tw + ")");
        }
        double count = attenDb * fs / (22.0 * tw);
        if (!(count >= 0 && count < 1e8)) {
            throw new IllegalArgumentException("low_pass_2: the attenuation (" + attenDb + " dB) must be > 0 and"
                    + " give fewer than 1e8 taps");
        }
        int ntaps = (int) count;
        if ((ntaps & 1) == 0) {
            ntaps++;
        }
        float[] w = window.makeFloat(ntaps, beta);
        float[] taps = new float[ntaps];
        int m = (ntaps - 1) / 2;
        double fwT0 = 2 * Math.PI * cutoff / fs;
        for (int n = -m; n <= m; n++) {
            taps[n + m] = n == 0 ? (float) (fwT0 / Math.PI * w[n + m])
                    : (float) (Math.sin(n * fwT0) / (n * Math.PI) * w[n + m]);
        }
        double fmax = taps[m];
        for (int n = 1; n <= m; n++) {
            fmax += 2 * taps[n + m];
        }
        double g = gain / fmax;
        for (int i = 0; i < ntaps; i++) {
            taps[i] = (float) (taps[i] * g);
        }
        return taps;
    }
}
