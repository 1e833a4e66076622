package org.sigflow.blocks.dsp;

import com.google.auto.service.AutoService;
import org.sigflow.dsp.FirFilter;
import org.sigflow.dsp.FirFilters;
import org.sigflow.dsp.PfbPrototypes;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code pfb_decimator}: GNU Radio's {@code pfb.decimator_ccf} (a stream-to-streams split into {@code D} branches,
 * each filtered by its polyphase arm, rotated by {@code exp(j 2 pi channel arm / D)} and summed). Summed out, that
 * is one decimating FIR with the prototype shifted to the channel, {@code g[k] = h[k] exp(j 2 pi channel k / D)},
 * whose output {@code m} is taken at input {@code m*D + D-1} (the last sample of each group of {@code D}), on zero
 * history: {@code y[m] = sum_k g[k] x[m*D + D-1 - k]}.
 */
public final class PfbDecimatorBlock extends SyncBlock {
    private static final int MAX_STEPS = 4096;
    private final int ntaps;
    private final int decimation;
    private final FirFilter filter;

    PfbDecimatorBlock(float[] prototype, int decimation, int channel) {
        super(decimation, 1);
        this.ntaps = prototype.length;
        this.decimation = decimation;
        int c = Math.floorMod(channel, decimation);
        if (c == 0) {
            filter = FirFilters.realTapsComplexInput(prototype);
        } else {
            float[] g = new float[2 * ntaps];
            for (int k = 0; k < ntaps; k++) {
                double phase = 2 * Math.PI * (((long) c * k) % decimation) / decimation;
                g[2 * k] = (float) (prototype[k] * Math.cos(phase));
                g[2 * k + 1] = (float) (prototype[k] * Math.sin(phase));
            }
            filter = FirFilters.complexTaps(g);
        }
    }

    @Override
    public int history() {
        return ntaps;
    }

    @Override
    protected int maxSteps() {
        return MAX_STEPS;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        int xBase = io.in(0).offset() + 2 * (decimation - 1 - (ntaps - 1));
        filter.filter(io.in(0).floats(), xBase, io.out(0).floats(), io.out(0).offset(), steps, decimation);
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "pfb_decimator";
        }

        @Override
        public PfbDecimatorBlock create(BlockSetup s) {
            int decim = s.integer("decimation");
            if (decim < 1) {
                throw new IllegalArgumentException("decimation must be >= 1, got " + decim);
            }
            int channel = s.integer("channel");
            if (channel < 0) {
                throw new IllegalArgumentException("the channel must be >= 0, got " + channel);
            }
            float[] taps = s.reals("taps");
            if (taps.length == 0) {
                taps = PfbPrototypes.decimator(decim, s.real("atten"));
            }
            return new PfbDecimatorBlock(taps, decim, channel);
        }
    }
}
