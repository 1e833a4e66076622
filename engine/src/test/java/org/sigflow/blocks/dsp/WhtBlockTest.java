package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/** wht against x @ scipy.linalg.hadamard(q) in float64 (q = 2 … 256, scalings): max error <= 2e-6 * rms(expected). */
class WhtBlockTest {

    @Test
    void matchesTheHadamardMatrixProduct() throws Exception {
        int cases = 0;
        for (var c : ReferenceData.cases("wht")) {
            int vlen = c.integer("q") * c.integer("vectors");
            for (String ordering : new String[] {"conflict_free", "naive", "random"}) {
                Block b = Setups.create(new WhtBlock.Factory(), "q", c.integer("q"), "vectors", c.integer("vectors"),
                        "scaling", c.str("scaling"), "ordering", ordering);
                float[] y = BlockHarness.of(b).input(Dtype.F32, vlen, c.inputFloats("x")).output(Dtype.F32, vlen)
                        .chunk(3).run().floats(0);
                c.assertMatches("y", y);
            }
            cases++;
        }
        assertTrue(cases >= 4, "wht reference cases: " + cases);
    }

    @Test
    void refusesSizesThatAreNotPowersOfTwo() {
        var e = assertThrows(IllegalArgumentException.class, () -> Setups.create(new WhtBlock.Factory(), "q", 24,
                "vectors", 1, "scaling", "none", "ordering", "naive"));
        assertTrue(e.getMessage().contains("power of two"), e.getMessage());
    }
}
