package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import java.util.Arrays;
import org.sigflow.dsp.FilterKind;
import org.sigflow.dsp.FirFilter;
import org.sigflow.dsp.FirFilters;
import org.sigflow.dsp.Firdes;
import org.sigflow.dsp.WindowType;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code fir_filter}: decimating FIR filter, {@code y[i] = sum_k h[k] x[i*D - k]} (output 0 is the filtered first
 * input sample, as GNU Radio's fir_filter_xxx and scipy's {@code lfilter(h, 1, x)[::D]}). Real taps on real or
 * complex input, or complex taps on complex input. History is the initial number of taps; new taps at run time may
 * be shorter (zero-padded at the end, which changes nothing) but not longer. Designed filters can change gain and
 * cutoffs at run time: their tap count depends only on sample rate, transition width and window.
 */
public final class FirFilterBlock extends SyncBlock {
    private final boolean complexInput;
    private final boolean complexTaps;
    private final int history;
    private final Design design;
    private FirFilter filter;
    /** Taps in force, padded to the history (what {@link #taps()} hands the CUDA twin). */
    private float[] taps;
    /** Design in force after run-time changes (starts as {@link #design}). */
    private Design current;

    /** Design parameters of a designed filter (null for explicit taps). */
    record Design(FilterKind kind, double sampleRate, double cutoff, double lowCutoff, double highCutoff,
                  double transitionWidth, WindowType window, double beta, double gain) {

        double[] taps() {
            double c1 = kind.twoEdges() ? lowCutoff : cutoff;
            return Firdes.design(kind, gain, sampleRate, c1, highCutoff, transitionWidth, window, beta, 0);
        }

        Design with(String param, double v) {
            return switch (param) {
                case "cutoff" -> new Design(kind, sampleRate, v, lowCutoff, highCutoff, transitionWidth, window, beta, gain);
                case "low_cutoff" -> new Design(kind, sampleRate, cutoff, v, highCutoff, transitionWidth, window, beta, gain);
                case "high_cutoff" -> new Design(kind, sampleRate, cutoff, lowCutoff, v, transitionWidth, window, beta, gain);
                case "gain" -> new Design(kind, sampleRate, cutoff, lowCutoff, highCutoff, transitionWidth, window, beta, v);
                default -> throw new IllegalArgumentException("parameter '" + param + "' cannot be changed while running");
            };
        }
    }

    FirFilterBlock(boolean complexInput, boolean complexTaps, int decimation, float[] taps, Design design) {
        super(decimation, 1);
        if (complexTaps && !complexInput) {
            throw new IllegalArgumentException("complex taps need a complex (cf32) input");
        }
        this.complexInput = complexInput;
        this.complexTaps = complexTaps;
        this.design = design;
        this.current = design;
        this.history = taps.length / (complexTaps ? 2 : 1);
        this.filter = build(taps);
    }

    private FirFilter build(float[] taps) {
        int stride = complexTaps ? 2 : 1;
        int n = taps.length / stride;
        if (n == 0) {
            throw new IllegalArgumentException("a FIR filter needs at least one tap");
        }
        if (n > history) {
            throw new IllegalArgumentException("new taps (" + n + ") are longer than the filter's history ("
                    + history + "); at run time the tap count cannot grow");
        }
        float[] padded = Arrays.copyOf(taps, history * stride);
        FirFilter f = complexTaps ? FirFilters.complexTaps(padded)
                : complexInput ? FirFilters.realTapsComplexInput(padded) : FirFilters.realTaps(padded);
        this.taps = padded;
        return f;
    }

    /** The taps in force (interleaved re/im when complex), padded to {@link #history()}; a copy. */
    public float[] taps() {
        return taps.clone();
    }

    public boolean complexTaps() {
        return complexTaps;
    }

    public boolean complexInput() {
        return complexInput;
    }

    @Override
    public int history() {
        return history;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        int itemSize = io.in(0).itemSize();
        int xBase = io.in(0).offset() - (history - 1) * itemSize;
        filter.filter(io.in(0).floats(), xBase, io.out(0).floats(), io.out(0).offset(), steps, decimation());
    }

    @Override
    public void applyParam(String paramId, Value value) {
        if (paramId.equals("taps")) {
            if (design != null) {
                throw new IllegalArgumentException("taps are designed from the filter parameters; set taps_mode to explicit");
            }
            filter = build(complexTaps ? complexes(value) : reals(value));
            return;
        }
        if (design == null) {
            super.applyParam(paramId, value);
            return;
        }
        Design next = current.with(paramId, value.asDouble());
        float[] taps = Firdes.toFloat(next.taps());
        filter = build(taps);
        current = next;
    }

    static float[] reals(Value v) {
        var items = v.asList();
        float[] out = new float[items.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (float) items.get(i).asDouble();
        }
        return out;
    }

    static float[] complexes(Value v) {
        var items = v.asList();
        float[] out = new float[2 * items.size()];
        for (int i = 0; i < items.size(); i++) {
            out[2 * i] = (float) items.get(i).re();
            out[2 * i + 1] = (float) items.get(i).im();
        }
        return out;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "fir_filter";
        }

        @Override
        public Block create(BlockSetup s) {
            FirFilterBlock direct = createDirect(s);
            return FftFirFilterBlock.wanted(direct) ? new FftFirFilterBlock(direct) : direct;
        }

        private static FirFilterBlock createDirect(BlockSetup s) {
            boolean complexInput = s.string("io_type").equals("cf32");
            boolean complexTaps = s.string("taps_type").equals("complex");
            int decimation = s.integer("decimation");
            if (decimation < 1) {
                throw new IllegalArgumentException("decimation must be >= 1, got " + decimation);
            }
            if (s.string("taps_mode").equals("explicit")) {
                float[] taps = complexTaps ? s.complexes("taps") : s.reals("taps");
                return new FirFilterBlock(complexInput, complexTaps, decimation, taps, null);
            }
            if (complexTaps) {
                throw new IllegalArgumentException("designed filters have real taps: set taps_type to real "
                        + "(or give explicit complex taps)");
            }
            Design d = new Design(FilterKind.fromId(s.string("filter")), s.real("samp_rate"), s.real("cutoff"),
                    s.real("low_cutoff"), s.real("high_cutoff"), s.real("transition_width"),
                    WindowType.fromId(s.string("window")), s.real("beta"), s.real("gain"));
            return new FirFilterBlock(complexInput, false, decimation, Firdes.toFloat(d.taps()), d);
        }
    }
}
