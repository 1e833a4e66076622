package org.sigflow.blocks.trellis;

import com.google.auto.service.AutoService;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code trellis_viterbi_combined}: GNU Radio's {@code trellis.viterbi_combined_xx}. Blocks of {@code block_size}
 * symbols, each {@code dim} input samples, are decoded one by one: a metric per FSM output (squared Euclidean
 * distance to its {@code dim} table entries, or hard symbol: 0 for the nearest, 1 for the others), add-compare-select
 * over the previous states in GNU Radio's order with float metrics normalised each step (strict less-than: the first
 * best wins), best or given final state, traceback to the inputs.
 */
@AutoService(BlockFactory.class)
public final class TrellisViterbiCombinedBlock implements BlockFactory {
    private static final float INF = 1.0e9f;

    @Override
    public String id() {
        return "trellis_viterbi_combined";
    }

    @Override
    public Block create(BlockSetup s) {
        Fsm fsm = Fsm.read(s.string("fsm"), s.baseDir());
        int k = s.integer("block_size");
        int d = s.integer("dim");
        boolean complex = s.input(0).dtype() == Dtype.CF32;
        float[] table = complex ? s.complexes("table") : s.reals("table");
        int per = complex ? 2 : 1;
        if (k < 1 || d < 1) {
            throw new IllegalArgumentException("block size and dimensionality must be at least 1");
        }
        if (table.length / per < fsm.outputs * d) {
            throw new IllegalArgumentException("table has " + table.length / per + " entries, the FSM's " + fsm.outputs
                    + " outputs × dimensionality " + d + " need " + fsm.outputs * d);
        }
        int s0 = s.integer("init_state");
        int sk = s.integer("final_state");
        if (s0 >= fsm.states || sk >= fsm.states) {
            throw new IllegalArgumentException("initial and final states must be below " + fsm.states
                    + " (negative: not known)");
        }
        return new Viterbi(fsm, k, d, table, complex, "hard_symbol".equals(s.string("metric_type")), s0, sk,
                s.output(0).dtype().storage());
    }

    static final class Viterbi extends SyncBlock {
        private final Fsm fsm;
        private final int k;
        private final int d;
        private final float[] table;
        private final boolean complex;
        private final boolean hard;
        private final int s0;
        private final int sk;
        private final Dtype.Storage out;
        private final int[] trace;
        private final float[] alpha;
        private final float[] metric;

        Viterbi(Fsm fsm, int k, int d, float[] table, boolean complex, boolean hard, int s0, int sk,
                Dtype.Storage out) {
            super(k * d, k);
            this.fsm = fsm;
            this.k = k;
            this.d = d;
            this.table = table;
            this.complex = complex;
            this.hard = hard;
            this.s0 = s0;
            this.sk = sk;
            this.out = out;
            trace = new int[fsm.states * k];
            alpha = new float[fsm.states * 2];
            metric = new float[fsm.outputs];
        }

        @Override
        protected long costPerStep() {
            return (long) k * fsm.states * fsm.inputs;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            float[] in = io.in(0).floats();
            for (int b = 0; b < steps; b++) {
                decode(in, io.in(0).offset() + b * k * d * (complex ? 2 : 1), io, b * k);
            }
        }

        private void decode(float[] in, int ip, WorkIo io, int op) {
            int states = fsm.states;
            java.util.Arrays.fill(alpha, 0, states, s0 < 0 ? 0f : INF);
            if (s0 >= 0) {
                alpha[s0] = 0f;
            }
            int ai = 0;
            for (int t = 0; t < k; t++) {
                metrics(in, ip + t * d * (complex ? 2 : 1));
                float norm = INF;
                for (int j = 0; j < states; j++) {
                    float minm = INF;
                    int minmi = 0;
                    for (int i = 0; i < fsm.ps[j].length; i++) {
                        float mm = alpha[ai * states + fsm.ps[j][i]]
                                + metric[fsm.os[fsm.ps[j][i] * fsm.inputs + fsm.pi[j][i]]];
                        if (mm < minm) {
                            minm = mm;
                            minmi = i;
                        }
                    }
                    trace[t * states + j] = minmi;
                    alpha[(1 - ai) * states + j] = minm;
                    norm = Math.min(norm, minm);
                }
                for (int j = 0; j < states; j++) {
                    alpha[(1 - ai) * states + j] -= norm;
                }
                ai = 1 - ai;
            }
            int st = sk;
            if (sk < 0) {
                float minm = INF;
                st = 0;
                for (int i = 0; i < states; i++) {
                    if (alpha[ai * states + i] < minm) {
                        minm = alpha[ai * states + i];
                        st = i;
                    }
                }
            }
            for (int t = k - 1; t >= 0; t--) {
                int i0 = trace[t * states + st];
                Symbols.write(out, io.out(0), op + t, fsm.pi[st][i0]);
                st = fsm.ps[st][i0];
            }
        }

        /** GNU Radio's calc_metric in float: squared distances (hard symbol: 0 for the nearest output, else 1). */
        private void metrics(float[] in, int ip) {
            for (int o = 0; o < fsm.outputs; o++) {
                float m = 0f;
                for (int j = 0; j < d; j++) {
                    if (complex) {
                        float re = in[ip + 2 * j] - table[2 * (o * d + j)];
                        float im = in[ip + 2 * j + 1] - table[2 * (o * d + j) + 1];
                        m += re * re + im * im;
                    } else {
                        float x = in[ip + j] - table[o * d + j];
                        m += x * x;
                    }
                }
                metric[o] = m;
            }
            if (hard) {
                float minm = Float.MAX_VALUE;
                int best = 0;
                for (int o = 0; o < fsm.outputs; o++) {
                    if (metric[o] < minm) {
                        minm = metric[o];
                        best = o;
                    }
                }
                for (int o = 0; o < fsm.outputs; o++) {
                    metric[o] = o == best ? 0f : 1f;
                }
            }
        }
    }
}
