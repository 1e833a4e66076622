package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.Firdes;
import org.sigflow.dsp.PolyphaseResampler;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code interp_fir_filter} and {@code rational_resampler}: a polyphase FIR resampler ({@link PolyphaseResampler})
 * that consumes {@code decimation} items and produces {@code interpolation} items per step. Output {@code m} is
 * sample {@code m*D} of the input upsampled by {@code I} (zeros inserted) and filtered by the taps: GNU Radio's
 * {@code interp_fir_filter_xxx} and {@code rational_resampler_xxx}, scipy's {@code upfirdn(h, x, I, D)}.
 */
public final class ResamplingFirBlock extends SyncBlock {
    private final PolyphaseResampler resampler;
    private final float[] taps;
    private final boolean complexTaps;
    private final boolean complexInput;

    ResamplingFirBlock(float[] taps, boolean complexTaps, boolean complexInput, int interpolation, int decimation) {
        super(decimation, interpolation);
        this.taps = taps;
        this.complexTaps = complexTaps;
        this.complexInput = complexInput;
        this.resampler = new PolyphaseResampler(taps, complexTaps, complexInput, interpolation, decimation);
    }

    /** The prototype taps (given or designed; interleaved when complex), for the CUDA twin. */
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
        return resampler.history();
    }

    @Override
    protected int maxSteps() {
        return PolyphaseResampler.MAX_STEPS;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        resampler.process(io.in(0).floats(), io.in(0).offset(), io.out(0).floats(), io.out(0).offset(), steps);
    }

    private static float[] taps(BlockSetup s, boolean complexTaps) {
        return complexTaps ? s.complexes("taps") : s.reals("taps");
    }

    private static boolean complexTaps(BlockSetup s) {
        boolean complexTaps = s.string("taps_type").equals("complex");
        if (complexTaps && !s.string("io_type").equals("cf32")) {
            throw new IllegalArgumentException("complex taps need a complex (cf32) input");
        }
        return complexTaps;
    }

    private static int positive(BlockSetup s, String id) {
        int v = s.integer(id);
        if (v < 1) {
            throw new IllegalArgumentException(id + " must be >= 1, got " + v);
        }
        return v;
    }

    @AutoService(BlockFactory.class)
    public static final class InterpFactory implements BlockFactory {
        @Override
        public String id() {
            return "interp_fir_filter";
        }

        @Override
        public ResamplingFirBlock create(BlockSetup s) {
            boolean complexTaps = complexTaps(s);
            return new ResamplingFirBlock(taps(s, complexTaps), complexTaps, s.string("io_type").equals("cf32"),
                    positive(s, "interpolation"), 1);
        }
    }

    @AutoService(BlockFactory.class)
    public static final class RationalFactory implements BlockFactory {
        @Override
        public String id() {
            return "rational_resampler";
        }

        /**
         * Empty taps: GNU Radio's designed prototype, after reducing I/D by their greatest common divisor. Start
         * {@code first_window} (the default) is GNU Radio's start-up ({@link FirstWindowResampler}); {@code
         * zero_history} starts on zeros, as scipy's {@code upfirdn} and the CUDA twin do.
         */
        @Override
        public Block create(BlockSetup s) {
            ResamplingFirBlock b = zeroHistory(s);
            return startsOnZeros(s) ? b : new FirstWindowResampler(b);
        }

        /** True for {@code start: zero_history}; GNU Radio's first full window otherwise. */
        public static boolean startsOnZeros(BlockSetup s) {
            String start = s.has("start") ? s.string("start") : "first_window";
            if (!start.equals("first_window") && !start.equals("zero_history")) {
                throw new IllegalArgumentException("start must be 'first_window' or 'zero_history', got '" + start
                        + "'");
            }
            return start.equals("zero_history");
        }

        /** The resampler that starts on zero history (output 0 is {@code h[0] x[0]}). */
        public static ResamplingFirBlock zeroHistory(BlockSetup s) {
            boolean complexTaps = complexTaps(s);
            int interp = positive(s, "interpolation");
            int decim = positive(s, "decimation");
            float[] taps = taps(s, complexTaps);
            if (taps.length == 0) {
                int g = gcd(interp, decim);
                interp /= g;
                decim /= g;
                double fbw = s.real("fbw");
                taps = Firdes.toFloat(Firdes.resamplerTaps(interp, decim, fbw == 0 ? 0.4 : fbw));
                complexTaps = false;
            }
            return new ResamplingFirBlock(taps, complexTaps, s.string("io_type").equals("cf32"), interp, decim);
        }

        private static int gcd(int a, int b) {
            return b == 0 ? a : gcd(b, a % b);
        }
    }
}
