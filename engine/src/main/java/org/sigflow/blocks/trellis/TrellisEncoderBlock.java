package org.sigflow.blocks.trellis;

import com.google.auto.service.AutoService;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.SyncBlock;
import org.sigflow.runtime.WorkIo;

/**
 * {@code trellis_encoder}: GNU Radio's {@code trellis.encoder_xx}. Each input symbol drives the FSM: output
 * OS[state·I + in], next state NS[state·I + in], the state kept from call to call. {@code blockwise} and
 * {@code block_length} are read but, as in GNU Radio 3.10 (whose {@code encoder::make} turns blocks on only for a
 * negative length, which then encodes nothing), encoding always streams.
 */
@AutoService(BlockFactory.class)
public final class TrellisEncoderBlock implements BlockFactory {

    @Override
    public String id() {
        return "trellis_encoder";
    }

    @Override
    public Block create(BlockSetup s) {
        Fsm fsm = Fsm.read(s.string("fsm"), s.baseDir());
        int init = s.integer("init_state");
        if (init < 0 || init >= fsm.states) {
            throw new IllegalArgumentException("initial state must be 0 to " + (fsm.states - 1) + ", got " + init);
        }
        if (s.bool("blockwise") && s.integer("block_length") < 0) {
            throw new IllegalArgumentException("block length must not be negative");
        }
        return new Encoder(fsm, init, s.input(0).dtype().storage(), s.output(0).dtype().storage());
    }

    static final class Encoder extends SyncBlock {
        private final Fsm fsm;
        private final org.sigflow.catalog.Dtype.Storage in;
        private final org.sigflow.catalog.Dtype.Storage out;
        private int state;

        Encoder(Fsm fsm, int init, org.sigflow.catalog.Dtype.Storage in, org.sigflow.catalog.Dtype.Storage out) {
            this.fsm = fsm;
            this.state = init;
            this.in = in;
            this.out = out;
        }

        @Override
        protected void process(WorkIo io, int steps) {
            for (int i = 0; i < steps; i++) {
                int sym = Symbols.read(in, io.in(0), i);
                if (sym < 0 || sym >= fsm.inputs) {
                    throw new IllegalStateException("trellis_encoder: input symbol " + sym + " is not 0 to "
                            + (fsm.inputs - 1) + " (the FSM's inputs)");
                }
                Symbols.write(out, io.out(0), i, fsm.os[state * fsm.inputs + sym]);
                state = fsm.ns[state * fsm.inputs + sym];
            }
        }
    }
}
