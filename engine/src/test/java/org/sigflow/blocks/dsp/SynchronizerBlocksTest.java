package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/**
 * hilbert (GNU Radio firdes.hilbert + delay, lfilter), costas_loop and pll_carriertracking (GNU Radio's loops
 * re-run in float64): max error <= 1e-5 * rms(expected), in chunks of 97 items.
 */
class SynchronizerBlocksTest {

    @Test
    void hilbertMatchesDelayPlusHilbertFir() throws Exception {
        for (var c : ReferenceData.cases("hilbert")) {
            Block b = Setups.create(new HilbertBlock.Factory(), "num_taps", c.integer("num_taps"),
                    "window", c.str("window"), "beta", c.num("beta"));
            c.assertMatches("y", BlockHarness.of(b).input(Dtype.F32, 1, c.inputFloats("x")).output(Dtype.CF32, 1)
                    .chunk(97).run().floats(0));
        }
    }

    @Test
    void hilbertRefusesEvenTapCounts() {
        var e = assertThrows(IllegalArgumentException.class, () -> Setups.create(new HilbertBlock.Factory(),
                "num_taps", 64, "window", "hamming", "beta", 6.76));
        assertEquals(true, e.getMessage().contains("odd"), e.getMessage());
    }

    @Test
    void costasLoopMatchesGnuRadioLoop() throws Exception {
        for (var c : ReferenceData.cases("costas_loop")) {
            Block b = Setups.create(new CostasLoopBlock.Factory(), "loop_bw", c.num("loop_bw"),
                    "order", c.integer("order"));
            BlockHarness h = BlockHarness.of(b).input(Dtype.CF32, 1, c.inputFloats("x")).output(Dtype.CF32, 1)
                    .output(Dtype.F32, 1).chunk(97).run();
            c.assertMatches("y", h.floats(0));
            c.assertMatches("freq", h.floats(1));
        }
    }

    @Test
    void pllCarrierTrackingMatchesGnuRadioLoop() throws Exception {
        for (var c : ReferenceData.cases("pll_carriertracking")) {
            Block b = Setups.create(new PllCarrierTrackingBlock.Factory(), "loop_bw", c.num("loop_bw"),
                    "max_freq", c.num("max_freq"), "min_freq", c.num("min_freq"));
            c.assertMatches("y", BlockHarness.of(b).input(Dtype.CF32, 1, c.inputFloats("x")).output(Dtype.CF32, 1)
                    .chunk(97).run().floats(0));
        }
    }
}
