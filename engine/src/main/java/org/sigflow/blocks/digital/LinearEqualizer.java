package org.sigflow.blocks.digital;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;

/**
 * {@code linear_equalizer}: an adaptive FIR equalizer with one output per {@code sps} inputs, as GNU Radio's
 * digital.linear_equalizer with an adaptive_algorithm (LMS or CMA). Output i is {@code sum_k w[k] * x[i*sps -
 * num_taps + 1 + k]}; then the taps move by {@code mu * e * conj(x)} over the same window (CMA: {@code -mu}), e being
 * the training symbol minus the output while training, the nearest constellation point minus the output in
 * decision-directed mode (LMS), or CMA's {@code y * (|y|^2 - modulus)} clipped to ±1 per component. A tag named
 * training_start_tag on one of the sps inputs of an output starts the training sequence there; after it the
 * equalizer adapts (decision directed) or holds its taps. GNU Radio's state machine is kept as is: without a training
 * sequence and with adapt_after_training false the taps never move.
 */
final class LinearEqualizer extends SyncBlock {
    private enum State { IDLE, TRAINING, DD }

    private final int ntaps;
    private final int sps;
    private final boolean cma;
    private final float mu;
    private final float modulus;
    private final float[] points;
    private final boolean adaptAfterTraining;
    private final float[] training;
    private final String startTag;
    private final float[] taps; // interleaved, w[k] applies to the k-th oldest sample of the window
    private State state;
    private long trainingSample;

    LinearEqualizer(int ntaps, int sps, boolean cma, float mu, float modulus, float[] points,
                    boolean adaptAfterTraining, float[] training, String startTag) {
        super(sps, 1);
        this.ntaps = ntaps;
        this.sps = sps;
        this.cma = cma;
        this.mu = mu;
        this.modulus = modulus;
        this.points = points;
        this.adaptAfterTraining = adaptAfterTraining;
        this.training = training;
        this.startTag = startTag;
        this.taps = new float[2 * ntaps];
        if (cma) {
            taps[2 * (ntaps - 1)] = 1f;  // GNU Radio's default first tap, reversed by its filter kernel
        }
        this.state = startTag.isEmpty() || training.length == 0 ? State.DD : State.IDLE;
    }

    /** Tags move to output offset round(offset / sps), as GNU Radio rounds (the runtime's default floors). */
    @Override
    public org.sigflow.runtime.TagPolicy tagPolicy() {
        return org.sigflow.runtime.TagPolicy.DONT;
    }

    @Override
    public int history() {
        return ntaps;
    }

    @Override
    protected void process(WorkIo io, int steps) {
        InputView in = io.in(0);
        float[] x = in.floats();
        float[] y = io.out(0).floats();
        int op = io.out(0).offset();
        long first = in.position();
        java.util.List<Tag> all = in.tags(steps * sps);
        for (Tag t : all) {
            io.out(0).addTag(Math.round(t.offset() / (double) sps), t.key(), t.value());
        }
        java.util.List<Tag> tags = startTag.isEmpty() ? java.util.List.of()
                : all.stream().filter(t -> t.key().equals(startTag))
                        .sorted(java.util.Comparator.comparingLong(Tag::offset)).toList();
        int tagIndex = 0;
        for (int i = 0; i < steps; i++) {
            int w0 = in.offset() + 2 * (i * sps - ntaps + 1);  // oldest sample of the window
            float accRe = 0f;
            float accIm = 0f;
            for (int k = 0; k < ntaps; k++) {
                float xr = x[w0 + 2 * k];
                float xi = x[w0 + 2 * k + 1];
                accRe += taps[2 * k] * xr - taps[2 * k + 1] * xi;
                accIm += taps[2 * k] * xi + taps[2 * k + 1] * xr;
            }
            y[op + 2 * i] = accRe;
            y[op + 2 * i + 1] = accIm;
            while (tagIndex < tags.size() && tags.get(tagIndex).offset() < first + (long) i * sps) {
                tagIndex++;
            }
            if (tagIndex < tags.size() && tags.get(tagIndex).offset() < first + (long) (i + 1) * sps) {
                state = State.TRAINING;
                trainingSample = 0;
                tagIndex++;
            }
            if (trainingSample >= training.length / 2) {
                state = adaptAfterTraining ? State.DD : State.IDLE;
                trainingSample = Long.MAX_VALUE;
            }
            if (state == State.IDLE) {
                continue;
            }
            float eRe;
            float eIm;
            if (cma) {
                float g = accRe * accRe + accIm * accIm - modulus;
                eRe = clip(accRe * g);
                eIm = clip(accIm * g);
                if (state == State.TRAINING) {
                    trainingSample++;
                }
            } else {
                int d = state == State.TRAINING ? (int) trainingSample++ : nearest(accRe, accIm);
                float[] table = state == State.TRAINING ? training : points;
                eRe = table[2 * d] - accRe;
                eIm = table[2 * d + 1] - accIm;
            }
            float sRe = cma ? -mu * eRe : mu * eRe;
            float sIm = cma ? -mu * eIm : mu * eIm;
            for (int k = 0; k < ntaps; k++) {   // w += s * conj(x)
                float xr = x[w0 + 2 * k];
                float xi = x[w0 + 2 * k + 1];
                taps[2 * k] += sRe * xr + sIm * xi;
                taps[2 * k + 1] += sIm * xr - sRe * xi;
            }
        }
    }

    /** GNU Radio's branchless clip to [-1, 1]. */
    private static float clip(float v) {
        return 0.5f * (Math.abs(v + 1f) - Math.abs(v - 1f));
    }

    private int nearest(float re, float im) {
        int best = 0;
        float bestDist = Float.MAX_VALUE;
        for (int p = 0; p < points.length / 2; p++) {
            float dr = points[2 * p] - re;
            float di = points[2 * p + 1] - im;
            float dist = dr * dr + di * di;
            if (dist < bestDist) {
                bestDist = dist;
                best = p;
            }
        }
        return best;
    }

    @Override
    protected long costPerStep() {
        return 2L * ntaps;
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "linear_equalizer";
        }

        @Override
        public Block create(BlockSetup s) {
            String name = "linear_equalizer '" + s.instanceId() + "'";
            int ntaps = s.integer("num_taps");
            int sps = s.integer("sps");
            if (ntaps < 1 || sps < 1) {
                throw new IllegalArgumentException(name + ": taps and samples per symbol must be at least 1");
            }
            boolean cma = "cma".equals(s.string("algorithm"));
            float[] points = s.complexes("constellation");
            if (!cma && points.length == 0) {
                throw new IllegalArgumentException(name + ": LMS needs the constellation's points for its decisions");
            }
            return new LinearEqualizer(ntaps, sps, cma, (float) s.real("step_size"), (float) s.real("modulus"),
                    points, s.bool("adapt_after_training"), s.complexes("training_sequence"),
                    s.string("training_start_tag"));
        }
    }
}
