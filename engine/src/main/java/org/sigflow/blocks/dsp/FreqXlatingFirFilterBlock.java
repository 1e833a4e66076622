package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.ComplexOps;
import org.sigflow.dsp.FirFilter;
import org.sigflow.dsp.FirFilters;
import org.sigflow.dsp.Firdes;
import org.sigflow.dsp.Rotator;
import org.sigflow.dsp.WindowType;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code freq_xlating_fir_filter}: mix down by {@code center_freq}, low-pass, decimate, computed like GNU Radio's
 * {@code freq_xlating_fir_filter}: the prototype taps become a band-pass {@code h[k] exp(j w k)} at the centre
 * frequency, filtered decimated by the complex-tap FIR kernel, then the outputs are rotated by
 * {@code exp(-j w (D m + (ntaps-1)/2))} (a {@link Rotator}, phase-continuous across centre-frequency changes): the
 * mixing phase is referenced to the centre tap, as GNU Radio 3.10 does.
 */
public final class FreqXlatingFirFilterBlock extends SyncBlock {
    /** Prototype taps, interleaved complex (imaginary parts 0 for real taps). */
    private final float[] proto;
    private final double sampleRate;
    private final Rotator rotator;
    private FirFilter filter;
    private float[] band;

    FreqXlatingFirFilterBlock(float[] interleavedTaps, int decimation, double sampleRate, double centerFreq) {
        super(decimation, 1);
        if (interleavedTaps.length == 0) {
            throw new IllegalArgumentException("a FIR filter needs at least one tap");
        }
        if (!(sampleRate > 0)) {
            throw new IllegalArgumentException("sample rate must be > 0 Hz, got " + sampleRate);
        }
        this.proto = interleavedTaps;
        this.sampleRate = sampleRate;
        this.rotator = new Rotator(0);
        retune(centerFreq);
        // GNU Radio 3.10 references the mixing phase to the filter's centre tap: its output is the plain
        // mix/filter/decimate result times exp(-j w (ntaps-1)/2) (measured against GNU Radio 3.10.5)
        rotator.setPhase(-2 * Math.PI * centerFreq / sampleRate * (interleavedTaps.length / 2 - 1) / 2.0);
    }

    private void retune(double centerFreq) {
        if (!Double.isFinite(centerFreq)) {
            throw new IllegalArgumentException("centre frequency must be finite, got " + centerFreq);
        }
        double w = 2 * Math.PI * centerFreq / sampleRate;
        int n = proto.length / 2;
        band = new float[2 * n];
        for (int k = 0; k < n; k++) {
            double c = Math.cos(w * k), s = Math.sin(w * k);
            double hr = proto[2 * k], hi = proto[2 * k + 1];
            band[2 * k] = (float) (hr * c - hi * s);
            band[2 * k + 1] = (float) (hr * s + hi * c);
        }
        filter = FirFilters.complexTaps(band);
        rotator.setIncrement(ComplexOps.wrapPhase(-w * decimation()));
    }

    /** The band-pass taps at the centre frequency, interleaved complex (for the CUDA twin). */
    public float[] bandTaps() {
        return band.clone();
    }

    /** Phase of the output mixer at the next output (rad). */
    public double mixPhase() {
        return rotator.phase();
    }

    /** Phase step of the output mixer per output (rad). */
    public double mixIncrement() {
        return rotator.increment();
    }

    @Override
    public int history() {
        return proto.length / 2;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        float[] y = io.out(0).floats();
        int yOff = io.out(0).offset();
        filter.filter(io.in(0).floats(), io.in(0).offset() - (history() - 1) * 2, y, yOff, steps, decimation());
        rotator.rotate(y, yOff, y, yOff, steps);
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (paramId.equals("center_freq")) {
            retune(value.asDouble());
        } else {
            super.applyParam(paramId, value);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "freq_xlating_fir_filter";
        }

        @Override
        public FreqXlatingFirFilterBlock create(BlockSetup s) {
            int decimation = s.integer("decimation");
            if (decimation < 1) {
                throw new IllegalArgumentException("decimation must be >= 1, got " + decimation);
            }
            boolean complexTaps = s.string("taps_type").equals("complex");
            float[] taps;
            if (s.string("taps_mode").equals("explicit")) {
                taps = complexTaps ? s.complexes("taps") : interleave(s.reals("taps"));
            } else {
                if (complexTaps) {
                    throw new IllegalArgumentException("designed filters have real taps: set taps_type to real "
                            + "(or give explicit complex taps)");
                }
                taps = interleave(Firdes.toFloat(Firdes.lowPass(s.real("gain"), s.real("samp_rate"),
                        s.real("cutoff"), s.real("transition_width"), WindowType.fromId(s.string("window")),
                        s.real("beta"))));
            }
            return new FreqXlatingFirFilterBlock(taps, decimation, s.real("samp_rate"), s.real("center_freq"));
        }

        private static float[] interleave(float[] real) {
            float[] c = new float[2 * real.length];
            for (int i = 0; i < real.length; i++) {
                c[2 * i] = real[i];
            }
            return c;
        }
    }
}
