package org.sigflow.dsp;

/**
 * Log-power spectra as GNU Radio's {@code logpwrfft} computes them: keep one frame of {@code fftSize} samples in
 * every {@code frameDecimation} (the last one of each group, as {@code keep_one_in_n}), window, FFT (optionally
 * shifted), {@code |X|^2}, exponential average over frames {@code avg = alpha P + (1 - alpha) avg} (starting from 0),
 * then {@code 10 log10(avg) - 20 log10(N) - 10 log10(sum(w^2)/N) - 20 log10(refScale/2)}: a full-scale complex tone of
 * amplitude {@code refScale/2} reads 0 dB. Powers below 1e-30 read as -300 dB (GNU Radio gives -inf for 0), so views
 * never meet infinities. Powers and averages are float (as in GNU Radio). Holds the averages and scratch: one
 * instance per stream.
 */
public final class LogPowerFft {
    private final int n;
    private final boolean realInput;
    private final int frameDecimation;
    private final FrameFft fft;
    private final float[] avg;
    private final float[] spectra;
    private final float[] power;
    private final LogPowerKernels kernels;
    private final int maxFrames;
    private final double windowCorrectionDb;
    private double offsetDb;
    private double alpha;

    public LogPowerFft(int fftSize, boolean realInput, float[] window, boolean shift, int frameDecimation,
                       double refScale, double alpha) {
        if (frameDecimation < 1) {
            throw new IllegalArgumentException("frame decimation must be >= 1, got " + frameDecimation);
        }
        this.n = fftSize;
        this.realInput = realInput;
        this.frameDecimation = frameDecimation;
        this.fft = FrameFfts.create(fftSize, realInput, false, window, shift, FftScaling.NONE);
        this.avg = new float[fftSize];
        this.maxFrames = Math.max(1, 32768 / fftSize);
        this.spectra = new float[2 * fftSize * maxFrames];
        this.power = new float[fftSize];
        this.kernels = LogPowerKernels.create(Simd.ENABLED);
        double power = 0;
        for (float w : window) {
            power += (double) w * w;
        }
        this.windowCorrectionDb = -20 * Math.log10(fftSize) - 10 * Math.log10(power / fftSize);
        setRefScale(refScale);
        setAlpha(alpha);
    }

    /** Full-scale reference: a tone of amplitude {@code refScale/2} reads 0 dB. */
    public void setRefScale(double refScale) {
        if (!(refScale > 0)) {
            throw new IllegalArgumentException("reference scale must be > 0, got " + refScale);
        }
        offsetDb = windowCorrectionDb - 20 * Math.log10(refScale / 2);
    }

    /** Averaging constant in (0, 1]; 1 means no averaging. */
    public void setAlpha(double alpha) {
        if (!(alpha > 0 && alpha <= 1)) {
            throw new IllegalArgumentException("averaging alpha must be in (0, 1], got " + alpha);
        }
        this.alpha = alpha;
    }

    public int fftSize() {
        return n;
    }

    public boolean realInput() {
        return realInput;
    }

    /** One frame kept in every this many. */
    public int frameDecimation() {
        return frameDecimation;
    }

    /** The averaging constant in use (1: none). */
    public double alpha() {
        return alpha;
    }

    /** The dB offset added to {@code 10 log10(power)}: FFT size, window power and reference scale. */
    public double offsetDb() {
        return offsetDb;
    }

    /** Most output frames per {@link #process} call. */
    public int maxFrames() {
        return maxFrames;
    }

    /** Input samples consumed per output frame. */
    public int samplesPerFrame() {
        return n * frameDecimation;
    }

    /** Consumes {@code frames * samplesPerFrame()} samples at {@code x[xOff..]}, writes {@code frames * N} floats. */
    public void process(float[] x, int xOff, float[] y, int yOff, int frames) {
        if (frames > maxFrames) {
            throw new IllegalArgumentException("at most " + maxFrames + " frames per call, got " + frames);
        }
        int sampleFloats = realInput ? 1 : 2;
        int skip = (frameDecimation - 1) * n * sampleFloats;
        if (frameDecimation == 1) {
            fft.process(x, xOff, spectra, 0, frames);
        } else {
            for (int f = 0; f < frames; f++) {
                fft.process(x, xOff + f * samplesPerFrame() * sampleFloats + skip, spectra, 2 * n * f, 1);
            }
        }
        float a = (float) alpha, b = (float) (1 - alpha), off = (float) offsetDb;
        for (int f = 0; f < frames; f++) {
            int s = 2 * n * f;
            for (int k = 0; k < n; k++) {
                float re = spectra[s + 2 * k], im = spectra[s + 2 * k + 1];
                power[k] = re * re + im * im;
            }
            kernels.averageToDb(power, 0, avg, y, yOff + n * f, n, a, b, off);
        }
    }
}
