package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.MmseInterpolatorTaps;
import org.sigflow.dsp.VolkDotProduct;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code symbol_sync}: GNU Radio's symbol_sync_cc / _ff timing recovery, step for step: an interpolating resampler
 * (8-tap MMSE FIR, or its polyphase bank without matched filter) placed by GNU Radio's clock-tracking loop
 * (proportional-integral, gains from loop bandwidth, damping and TED gain; average period within sps ± max
 * deviation), a timing error detector per symbol, osps outputs per symbol, and GNU Radio's revert when the input of
 * a call runs out, so outputs do not depend on call sizes. Tags go to the output sample nearest their input position
 * (GNU Radio's rule: up to half an output period after the interpolated sample). Not done: GNU Radio's resync to
 * {@code time_est}/{@code clock_est} tags, the polyphase matched-filter resampler and the TEDs that need a
 * derivative. GNU Radio stops a few symbols before the end of a finite input (its forecast asks for (n + 2) symbol
 * periods more than it uses); this block goes on while 8 samples are left.
 */
final class SymbolSync implements Block {
    private static final int NTAPS = MmseInterpolatorTaps.NTAPS;

    private final boolean real;
    private final TimingErrorDetector ted;
    private final float[][] filters;
    private final int arms;
    // clock tracking loop
    private final float alpha;
    private final float beta;
    private final float maxPeriod;
    private final float minPeriod;
    private float avgPeriod;
    private float instPeriod;
    private float prevAvgPeriod;
    private float prevInstPeriod;
    // interpolator phase
    private float phase;
    private float phaseWrapped;
    private int phaseN;
    private float prevPhase;
    private float prevPhaseWrapped;
    private int prevPhaseN;
    // internal clocks
    private final int interpsPerSymbol;
    private final int interpsPerTedInput;
    private final int interpsPerOutput;
    private final float osps;
    private int interpClock;
    private float instInterpPeriod;
    private float instOutputPeriod;
    private float avgClockPeriod;
    private final List<Tag> pending = new ArrayList<>();
    /**
     * Input offset up to which tags have gone out. GNU Radio collects the tags of a call's whole input again in the
     * next call, and would place a tag twice when a call ends between a tag it placed and the input it consumed;
     * skipping those keeps the output GNU Radio gives with one call, whatever the call sizes.
     */
    private long propagatedTo = -1;
    private final float[] point = new float[2];

    SymbolSync(boolean real, TimingErrorDetector ted, boolean pfb, int nfilters, float sps, float loopBw,
               float damping, float tedGain, float maxDeviation, int osps) {
        this.real = real;
        this.ted = ted;
        if (pfb) {
            int n = 1 << (32 - Integer.numberOfLeadingZeros(nfilters - 1));  // 2^(floor(log2(nfilters - 1)) + 1)
            arms = n <= 0 || n > MmseInterpolatorTaps.NSTEPS ? MmseInterpolatorTaps.NSTEPS : n;
            filters = new float[arms + 1][];
            for (int a = 0; a <= arms; a++) {
                filters[a] = MmseInterpolatorTaps.TAPS[a * (MmseInterpolatorTaps.NSTEPS / arms)];
            }
        } else {
            arms = MmseInterpolatorTaps.NSTEPS;
            filters = MmseInterpolatorTaps.TAPS;
        }
        // clock_tracking_loop(loop_bw, sps + max_dev, sps - max_dev, sps, damping, ted_gain)
        this.maxPeriod = sps + maxDeviation;
        this.minPeriod = sps - maxDeviation;
        float nominal = sps < minPeriod || sps > maxPeriod ? (maxPeriod + minPeriod) / 2.0f : sps;
        float zetaOmega = damping * loopBw;
        float k0 = 2.0f / tedGain;
        float k1 = (float) Math.exp(-zetaOmega);
        float sinhZ = (float) Math.sinh(zetaOmega);
        float cosx;
        if (damping > 1.0f) {
            cosx = (float) Math.cosh(loopBw * (float) Math.sqrt(damping * damping - 1.0f));
        } else if (damping == 1.0f) {
            cosx = 1.0f;
        } else {
            cosx = (float) Math.cos(loopBw * (float) Math.sqrt(1.0 - damping * damping));
        }
        this.alpha = k0 * k1 * sinhZ;
        this.beta = k0 * (1 - k1 * (sinhZ + cosx));
        this.avgPeriod = nominal;
        this.instPeriod = nominal;
        this.prevAvgPeriod = nominal;
        this.prevInstPeriod = nominal;
        // internal clocks
        int tedInputs = ted.type.inputsPerSymbol;
        this.interpsPerSymbol = lcm(tedInputs, osps);
        this.interpsPerTedInput = interpsPerSymbol / tedInputs;
        this.interpsPerOutput = interpsPerSymbol / osps;
        this.osps = osps;
        this.interpClock = interpsPerSymbol - 1;
        this.instInterpPeriod = sps / interpsPerSymbol;
        this.instOutputPeriod = sps / (float) osps;
        this.avgClockPeriod = sps;
        // interpolating_resampler::sync_reset(sps)
        this.phase = sps;
        float n = (float) Math.floor(phase);
        this.phaseWrapped = phase - n;
        this.phaseN = (int) n;
        this.prevPhase = phase;
        this.prevPhaseWrapped = phaseWrapped;
        this.prevPhaseN = phaseN;
    }

    private static int lcm(int a, int b) {
        int g = a;
        for (int r = b; r != 0; ) {
            int t = g % r;
            g = r;
            r = t;
        }
        return a / g * b;
    }

    /**
     * Input one call needs to give an output (GNU Radio's forecast for one item: 3 periods at the slowest clock and
     * the interpolator's 8 taps): the ring keeps that much readable at once, so the loop never waits on a window
     * shorter than one step.
     */
    @Override
    public int inputMultiple() {
        return NTAPS + (int) Math.ceil(3 * maxPeriod) + 1;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public double relativeRate() {
        return osps / avgPeriodNominal();
    }

    private double avgPeriodNominal() {
        return (maxPeriod + minPeriod) / 2.0;
    }

    /**
     * The interpolated sample at {@code x[e …]} (window of 8 from element e, stream index {@code absolute}) and mu,
     * into point, in GNU Radio's float arithmetic ({@link VolkDotProduct}): the loop's phase sits within an ulp of
     * a filter boundary now and then, and another summation order picks the neighbouring filter there.
     */
    private void interpolate(float[] x, int e, long absolute, float mu) {
        int arm = (int) Math.rint(mu * arms);
        if (arm < 0 || arm > arms) {
            throw new IllegalStateException("symbol_sync: interpolator phase " + mu + " outside [0, 1]");
        }
        float[] h = filters[arm];
        if (real) {
            point[0] = VolkDotProduct.real(h, x, e, absolute);
            point[1] = 0f;
        } else {
            VolkDotProduct.complex(h, x, e, absolute, point, 0);
        }
    }

    @Override
    public WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        int ni = in.available() - NTAPS;
        if (ni <= 0) {
            return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        int space = io.out(0).space();
        for (int o = 1; o < io.outputCount(); o++) {
            space = Math.min(space, io.out(o).space());
        }
        space -= space % (int) osps;
        if (space <= 0) {
            return WorkResult.CONTINUE;
        }
        float[] x = in.floats();
        int base = in.offset();
        int stride = real ? 1 : 2;
        long read = in.position();
        long written = io.out(0).position();
        for (Tag t : in.tags(ni)) {
            if (t.offset() > propagatedTo) {   // not placed already by an earlier call
                pending.add(t);
            }
        }
        pending.sort(java.util.Comparator.comparingLong(Tag::offset));
        float[] out = io.out(0).floats();
        int op = io.out(0).offset();
        int ii = 0;
        int oo = 0;
        float err;
        while (oo < space) {
            interpClock = (interpClock + 1) % interpsPerSymbol;
            boolean tedClock = interpClock % interpsPerTedInput == 0;
            boolean outputClock = interpClock % interpsPerOutput == 0;
            boolean symbolClock = interpClock % interpsPerSymbol == 0;
            interpolate(x, base + stride * ii, read + ii, phaseWrapped);
            if (outputClock) {
                out[op + stride * oo] = point[0];
                if (!real) {
                    out[op + 2 * oo + 1] = point[1];
                }
            }
            if (tedClock) {
                ted.input(point[0], real ? 0f : point[1]);
            }
            if (symbolClock && ted.type.lookahead) {
                float ahead = phaseWrapped + interpsPerTedInput * (instPeriod / interpsPerSymbol);
                int aheadN = (int) (float) Math.floor(ahead);
                float aheadWrapped = ahead - (float) Math.floor(ahead);
                if (ii + aheadN >= ni) {
                    ted.revert(true);
                    revertClock();
                    break;
                }
                interpolate(x, base + stride * (ii + aheadN), read + ii + aheadN, aheadWrapped);
                ted.inputLookahead(point[0], real ? 0f : point[1]);
            }
            err = ted.error();
            if (symbolClock) {
                // clock_tracking_loop::advance_loop
                prevAvgPeriod = avgPeriod;
                prevInstPeriod = instPeriod;
                avgPeriod = avgPeriod + beta * err;
                if (avgPeriod > maxPeriod) {
                    avgPeriod = maxPeriod;
                } else if (avgPeriod < minPeriod) {
                    avgPeriod = minPeriod;
                }
                instPeriod = avgPeriod + alpha * err;
                if (instPeriod <= 0f) {
                    instPeriod = avgPeriod;
                }
                avgClockPeriod = avgPeriod;
                instInterpPeriod = instPeriod / interpsPerSymbol;
                instOutputPeriod = instPeriod / osps;
                float next = phaseWrapped + instPeriod;
                if (ii + (int) (float) Math.floor(next) >= ni) {
                    avgPeriod = prevAvgPeriod;          // revert_loop
                    instPeriod = prevInstPeriod;
                    ted.revert(false);
                    revertClock();
                    break;
                }
            }
            // advance_phase
            prevPhase = phase;
            prevPhaseWrapped = phaseWrapped;
            prevPhaseN = phaseN;
            phase = phaseWrapped + instInterpPeriod;
            float n = (float) Math.floor(phase);
            phaseWrapped = phase - n;
            phaseN = (int) n;
            if (outputClock) {
                for (int o = 1; o < io.outputCount(); o++) {
                    io.out(o).floats()[io.out(o).offset() + oo] = o == 1 ? err : o == 2 ? instPeriod : avgClockPeriod;
                }
                propagateTags(io, read + 4 + ii + Math.round(prevPhaseWrapped + instOutputPeriod / 2.0f),
                        written + oo);
                oo++;
            }
            ii += phaseN;
        }
        long consumed = read + ii;
        pending.removeIf(t -> t.offset() >= consumed);   // seen again in the next call
        if (ii == 0 && oo == 0 && in.finished()) {
            return WorkResult.DONE;   // the next step needs input that will never come
        }
        io.consume(0, ii);
        for (int o = 0; o < io.outputCount(); o++) {
            io.produce(o, oo);
        }
        return WorkResult.CONTINUE;
    }

    private void revertClock() {
        interpClock = interpClock == 0 ? interpsPerSymbol - 1 : interpClock - 1;
    }

    /** Tags up to the middle of the next output period go onto this output (GNU Radio's propagate_tags). */
    private void propagateTags(WorkIo io, long midPeriod, long output) {
        propagatedTo = Math.max(propagatedTo, midPeriod);
        while (!pending.isEmpty() && pending.getFirst().offset() <= midPeriod) {
            Tag t = pending.removeFirst();
            for (int o = 0; o < io.outputCount(); o++) {
                io.out(o).addTag(output, t.key(), t.value());
            }
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "symbol_sync";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "symbol_sync '" + s.instanceId() + "'";
            boolean real = Dtype.fromId(s.string("type")) == Dtype.F32;
            TimingErrorDetector.Type type = switch (s.string("ted_type")) {
                case "mueller_and_muller" -> TimingErrorDetector.Type.MUELLER_AND_MULLER;
                case "mod_mueller_and_muller" -> TimingErrorDetector.Type.MOD_MUELLER_AND_MULLER;
                case "zero_crossing" -> TimingErrorDetector.Type.ZERO_CROSSING;
                case "gardner" -> TimingErrorDetector.Type.GARDNER;
                case "early_late" -> TimingErrorDetector.Type.EARLY_LATE;
                default -> throw new IllegalArgumentException(name + ": unknown timing error detector '"
                        + s.string("ted_type") + "'");
            };
            Constellation slicer = Constellation.from(s, name);
            if (slicer.dims != 1) {
                throw new IllegalArgumentException(name + ": the slicer constellation must have dimensionality 1");
            }
            float sps = (float) s.real("sps");
            float loopBw = (float) s.real("loop_bw");
            float damping = (float) s.real("damping");
            float tedGain = (float) s.real("ted_gain");
            float maxDev = (float) s.real("max_dev");
            int osps = s.integer("osps");
            int nfilters = s.integer("nfilters");
            boolean pfb = s.string("resamp_type").equals("pfb_no_mf");
            if (!(sps > 1) || osps < 1 || !(loopBw >= 0) || !(damping >= 0) || !(tedGain > 0) || (pfb && nfilters < 2)) {
                throw new IllegalArgumentException(name + ": needs samples per symbol > 1 (got " + sps + "), output "
                        + "samples per symbol >= 1 (" + osps + "), loop bandwidth and damping >= 0, TED gain > 0"
                        + (pfb ? " and at least 2 filters" : ""));
            }
            return new SymbolSync(real, new TimingErrorDetector(type, slicer, real), pfb, nfilters, sps, loopBw,
                    damping, tedGain, maxDev, osps);
        }
    }
}
