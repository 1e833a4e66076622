package org.sigflow.blocks.ofdm;

import org.sigflow.ofdm.OfdmPlan;
import org.sigflow.ofdm.OfdmSymbols;
import org.sigflow.runtime.BlockSetup;

/** The OFDM blocks' shared params: fft_size, data_carriers, pilots, seed (source: also cp_len, amplitude). */
final class OfdmParams {
    private OfdmParams() {}

    static OfdmPlan plan(BlockSetup s) {
        return new OfdmPlan(s.integer("fft_size"), s.integer("data_carriers"), s.integer("pilots"));
    }

    static OfdmSymbols symbols(BlockSetup s) {
        return new OfdmSymbols(plan(s), s.integer("cp_len"), s.real("amplitude"), s.longValue("seed"));
    }

    /** What the source sent, for a receiver: only the plan and seed matter. */
    static OfdmSymbols sent(BlockSetup s) {
        return new OfdmSymbols(plan(s), 0, 1.0, s.longValue("seed"));
    }
}
