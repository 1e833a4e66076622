package org.sigflow.blocks.coding;

import org.sigflow.coding.NbLdpcChannel;
import org.sigflow.coding.NbLdpcCode;
import org.sigflow.runtime.BlockSetup;

/** The code and channel the non-binary LDPC blocks share, from their common params (q, n, code_seed, ebn0_db, seed). */
record NbLdpcSetup(NbLdpcCode code, NbLdpcChannel channel) {

    static NbLdpcCode code(BlockSetup s) {
        return new NbLdpcCode(s.integer("q"), s.integer("n"), s.longValue("code_seed"));
    }

    static NbLdpcSetup of(BlockSetup s) {
        NbLdpcCode code = code(s);
        return new NbLdpcSetup(code, new NbLdpcChannel(code, s.real("ebn0_db"), s.longValue("seed")));
    }

    /** Floats of one frame's messages: one vector of q per edge. */
    int frameFloats() {
        return code.edges() * code.field().size();
    }
}
