package org.sigflow.blocks.display;

import com.google.auto.service.AutoService;
import java.util.List;
import org.sigflow.dsp.Fft;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;

/**
 * {@code auto_correlator_sink}: GNU Radio's Qt auto-correlator (Wiener-Khinchin). Of the newest {@code size}
 * complex samples, as GNU Radio's {@code AutoCorrelator}: {@code r = |FFT(|FFT(x)|)|} (no window, no shift); in dB
 * {@code 20 log10 r - 20 log10 size}, else {@code r / max r}. GNU Radio draws the first half (lags 0 to size/2 - 1)
 * in a time plot at the sample rate; so does the frame.
 */
@AutoService(BlockFactory.class)
public final class AutoCorrelatorSink implements BlockFactory {

    @Override
    public String id() {
        return "auto_correlator_sink";
    }

    @Override
    public Block create(BlockSetup setup) {
        int size = setup.integer("size");
        return new Correlator(size, setup.bool("db"), setup.real("samp_rate"), setup.real("update_rate"));
    }

    /** The frame of {@code x} ({@code 2 size} interleaved floats); {@code fft} of that size. */
    static float[] correlate(float[] x, Fft fft, boolean db) {
        int n = fft.size();
        float[] a = x.clone();
        fft.forward(a, 0);
        float[] b = new float[2 * n];
        for (int k = 0; k < n; k++) {
            b[2 * k] = (float) Math.hypot(a[2 * k], a[2 * k + 1]);
        }
        fft.forward(b, 0);
        float[] r = new float[n / 2];
        double max = 0;
        for (int k = 0; k < n / 2; k++) {
            double m = Math.hypot(b[2 * k], b[2 * k + 1]);
            r[k] = (float) m;
            max = Math.max(max, m);
        }
        for (int k = 0; k < r.length; k++) {
            r[k] = db ? (float) (20 * Math.log10(r[k]) - 20 * Math.log10(n)) : (float) (max > 0 ? r[k] / max : 0);
        }
        return r;
    }

    static final class Correlator extends FrameSink {
        private final Fft fft;
        private final boolean db;
        private final double sampleRate;

        Correlator(int size, boolean db, double sampleRate, double updateRate) {
            super(size, 2, updateRate);
            this.fft = Fft.of(size);
            this.db = db;
            this.sampleRate = sampleRate;
        }

        @Override
        List<float[]> traces(float[] samples) {
            return List.of(correlate(samples, fft, db));
        }

        @Override
        double xStep() {
            return 1 / sampleRate;
        }
    }
}
