package org.sigflow.dsp;

/**
 * Window-method FIR design following GNU Radio's {@code gr::filter::firdes}: a truncated ideal (sinc) response
 * centred on tap {@code M = (ntaps-1)/2}, multiplied by a symmetric window, then scaled so that the response is
 * {@code gain} at DC (low-pass, band-stop), at Nyquist (high-pass) or at the band centre (band-pass). This is the
 * same design as scipy's {@code firwin(ntaps, ..., window=w, scale=True)}.
 *
 * <p>Tap count: GNU Radio's {@code compute_ntaps}: {@code (int)(attenuation * fs / (22 * transition_width))}
 * (truncated), made odd by adding one when even, where attenuation is the window's
 * {@link WindowType#maxAttenuationDb}. An explicit {@code ntaps > 0} overrides it (made odd the same way: a
 * high-pass or band-stop needs a tap at the centre).
 */
public final class Firdes {
    private Firdes() {}

    /** GNU Radio's tap count for a transition width. */
    public static int computeNtaps(double sampleRate, double transitionWidth, WindowType window, double beta) {
        if (!(transitionWidth > 0)) {
            throw new IllegalArgumentException("transition width must be > 0 Hz, got " + transitionWidth);
        }
        double n = window.maxAttenuationDb(beta) * sampleRate / (22.0 * transitionWidth);
        if (n > 1_000_000) {
            throw new IllegalArgumentException("transition width " + transitionWidth + " Hz needs " + (long) n
                    + " taps; make it wider");
        }
        return makeOdd((int) n);
    }

    private static int makeOdd(int n) {
        return (n & 1) == 0 ? n + 1 : n;
    }

    /** Designs real taps; {@code ntaps <= 0} means "from the transition width". */
    public static double[] design(FilterKind kind, double gain, double sampleRate, double cutoff1, double cutoff2,
                                  double transitionWidth, WindowType window, double beta, int ntaps) {
        checkRate(sampleRate);
        checkEdge("cutoff", cutoff1, sampleRate);
        if (kind.twoEdges()) {
            checkEdge("high cutoff", cutoff2, sampleRate);
            if (!(cutoff2 > cutoff1)) {
                throw new IllegalArgumentException("high cutoff (" + cutoff2 + " Hz) must be above low cutoff ("
                        + cutoff1 + " Hz)");
            }
        }
        int n = ntaps > 0 ? makeOdd(ntaps) : computeNtaps(sampleRate, transitionWidth, window, beta);
        double[] w = window.make(n, beta);
        int m = (n - 1) / 2;
        double w0 = 2 * Math.PI * cutoff1 / sampleRate;
        double w1 = 2 * Math.PI * cutoff2 / sampleRate;
        double[] h = new double[n];
        for (int i = -m; i <= m; i++) {
            double ideal = switch (kind) {
                case LOW_PASS -> i == 0 ? w0 / Math.PI : Math.sin(i * w0) / (i * Math.PI);
                case HIGH_PASS -> i == 0 ? 1 - w0 / Math.PI : -Math.sin(i * w0) / (i * Math.PI);
                case BAND_PASS -> i == 0 ? (w1 - w0) / Math.PI : (Math.sin(i * w1) - Math.sin(i * w0)) / (i * Math.PI);
                case BAND_STOP -> i == 0 ? 1 + (w0 - w1) / Math.PI : (Math.sin(i * w0) - Math.sin(i * w1)) / (i * Math.PI);
            };
            h[i + m] = ideal * w[i + m];
        }
        double normFreq = switch (kind) {
            case LOW_PASS, BAND_STOP -> 0;
            case HIGH_PASS -> Math.PI;
            case BAND_PASS -> (w0 + w1) / 2;
        };
        double response = h[m];
        for (int i = 1; i <= m; i++) {
            response += 2 * h[i + m] * Math.cos(i * normFreq);
        }
        double scale = gain / response;
        for (int i = 0; i < n; i++) {
            h[i] *= scale;
        }
        return h;
    }

    public static double[] lowPass(double gain, double fs, double cutoff, double tw, WindowType w, double beta) {
        return design(FilterKind.LOW_PASS, gain, fs, cutoff, 0, tw, w, beta, 0);
    }

    public static double[] highPass(double gain, double fs, double cutoff, double tw, WindowType w, double beta) {
        return design(FilterKind.HIGH_PASS, gain, fs, cutoff, 0, tw, w, beta, 0);
    }

    public static double[] bandPass(double gain, double fs, double low, double high, double tw, WindowType w,
                                    double beta) {
        return design(FilterKind.BAND_PASS, gain, fs, low, high, tw, w, beta, 0);
    }

    public static double[] bandStop(double gain, double fs, double low, double high, double tw, WindowType w,
                                    double beta) {
        return design(FilterKind.BAND_STOP, gain, fs, low, high, tw, w, beta, 0);
    }

    /**
     * Complex band-pass (GNU Radio {@code complex_band_pass}): a low-pass of half the band width shifted to the band
     * centre, {@code h[n] = lp[n] * exp(j*wc*(n-M))}; passes [low, high] only (negative frequencies allowed).
     * Returns interleaved re/im, response {@code gain} at the band centre.
     */
    public static double[] complexBandPass(double gain, double fs, double low, double high, double tw, WindowType w,
                                           double beta, int ntaps) {
        checkRate(fs);
        if (!(high > low) || low < -fs / 2 || high > fs / 2) {
            throw new IllegalArgumentException("complex band-pass needs -fs/2 <= low < high <= fs/2, got [" + low
                    + ", " + high + "] Hz at fs=" + fs + " Hz");
        }
        double[] lp = design(FilterKind.LOW_PASS, gain, fs, (high - low) / 2, 0, tw, w, beta, ntaps);
        int m = (lp.length - 1) / 2;
        double wc = 2 * Math.PI * ((high + low) / 2) / fs;
        double[] h = new double[2 * lp.length];
        for (int i = 0; i < lp.length; i++) {
            double ph = wc * (i - m);
            h[2 * i] = lp[i] * Math.cos(ph);
            h[2 * i + 1] = lp[i] * Math.sin(ph);
        }
        return h;
    }

    /**
     * GNU Radio's default rational-resampler prototype ({@code design_resampler_filter}): a Kaiser (beta 7)
     * low-pass at sample rate {@code I}, gain {@code I}, whose transition band is centred on the narrower Nyquist
     * frequency and spans {@code 0.5 - fbw} of it ({@code fbw} = fractional bandwidth in (0, 0.5), GNU Radio's
     * default 0.4).
     */
    public static double[] resamplerTaps(int interpolation, int decimation, double fbw) {
        if (!(fbw > 0 && fbw < 0.5)) {
            throw new IllegalArgumentException("fractional bandwidth must be between 0 and 0.5, got " + fbw);
        }
        double rate = (double) interpolation / decimation;
        double tw = rate >= 1 ? 0.5 - fbw : rate * (0.5 - fbw);
        double mid = rate >= 1 ? 0.5 - tw / 2 : rate * 0.5 - tw / 2;
        return lowPass(interpolation, interpolation, mid, tw, WindowType.KAISER, 7.0);
    }

    /**
     * GNU Radio's {@code firdes::hilbert}: odd {@code ntaps}, {@code h[M +- i] = +-1/i} for odd i (0 for even),
     * times the window, divided by twice the magnitude of GNU Radio's alternating tap sum so the pass band has
     * unity gain.
     */
    public static double[] hilbert(int ntaps, WindowType window, double beta) {
        if (ntaps < 1 || (ntaps & 1) == 0) {
            throw new IllegalArgumentException("a Hilbert filter needs an odd number of taps, got " + ntaps);
        }
        double[] w = window.make(ntaps, beta);
        double[] h = new double[ntaps];
        int m = (ntaps - 1) / 2;
        double gain = 0;
        for (int i = 1; i <= m; i += 2) {
            h[m + i] = w[m + i] / i;
            h[m - i] = -w[m - i] / i;
            gain = h[m + i] - gain;
        }
        gain = 2 * Math.abs(gain);
        for (int i = 0; i < ntaps && gain > 0; i++) {
            h[i] /= gain;
        }
        return h;
    }

    public static float[] toFloat(double[] h) {
        float[] f = new float[h.length];
        for (int i = 0; i < h.length; i++) {
            f[i] = (float) h[i];
        }
        return f;
    }

    private static void checkRate(double fs) {
        if (!(fs > 0)) {
            throw new IllegalArgumentException("sample rate must be > 0 Hz, got " + fs);
        }
    }

    private static void checkEdge(String name, double f, double fs) {
        if (!(f > 0) || !(f <= fs / 2)) {
            throw new IllegalArgumentException(name + " (" + f + " Hz) must be between 0 and the Nyquist frequency ("
                    + fs / 2 + " Hz)");
        }
    }
}
