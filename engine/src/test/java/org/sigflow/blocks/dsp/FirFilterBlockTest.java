package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/** fir_filter against scipy lfilter(h, 1, x)[::D]: max error <= 1e-5 * rms(expected), in chunks of 97 items. */
class FirFilterBlockTest {
    private final FirFilterBlock.Factory factory = new FirFilterBlock.Factory();

    @Test
    void matchesScipyLfilter() throws Exception {
        for (var c : ReferenceData.cases("fir_filter")) {
            Block b = create(c);
            Dtype io = Dtype.fromId(c.str("io_type"));
            float[] y = BlockHarness.of(b).input(io, 1, c.inputFloats("x")).output(io, 1).chunk(97).run().floats(0);
            c.assertMatches("y", y);
            if (c.str("taps_mode").equals("designed")) {
                assertEquals(c.integer("ntaps"), b.history(), c.name() + ": designed tap count");
            }
        }
    }

    private Block create(ReferenceData.Case c) throws Exception {
        if (c.str("taps_mode").equals("explicit")) {
            float[] taps = c.inputFloats("taps");
            boolean complexTaps = c.str("taps_type").equals("complex");
            return Setups.create(factory, "io_type", c.str("io_type"), "taps_type", c.str("taps_type"),
                    "decimation", c.integer("decimation"), "taps_mode", "explicit",
                    "taps", complexTaps ? Setups.complexList(taps) : Setups.realList(taps));
        }
        return Setups.create(factory, "io_type", c.str("io_type"), "taps_type", "real",
                "decimation", c.integer("decimation"), "taps_mode", "designed", "filter", c.str("filter"),
                "samp_rate", c.num("samp_rate"), "cutoff", c.num("cutoff"), "low_cutoff", c.num("low_cutoff"),
                "high_cutoff", c.num("high_cutoff"), "transition_width", c.num("transition_width"),
                "window", c.str("window"), "beta", c.num("beta"), "gain", c.num("gain"));
    }

    @Test
    void runtimeTapsMayShrinkButNotGrow() throws Exception {
        Block b = Setups.create(factory, "io_type", "f32", "taps_type", "real", "decimation", 1,
                "taps_mode", "explicit", "taps", Setups.realList(new float[] {1, 0, 0, 0}));
        b.applyParam("taps", Setups.realList(new float[] {0, 2}));
        float[] y = BlockHarness.of(b).input(new float[] {1, 2, 3}, false).output(Dtype.F32, 1).run().floats(0);
        assertArrayEquals(new float[] {0, 2, 4}, y);
        assertThrows(IllegalArgumentException.class,
                () -> b.applyParam("taps", Setups.realList(new float[] {1, 1, 1, 1, 1})));
    }

    @Test
    void designedGainChangesAtRuntime() throws Exception {
        Block b = Setups.create(factory, "io_type", "f32", "taps_type", "real", "decimation", 1,
                "taps_mode", "designed", "filter", "low_pass", "samp_rate", 1000.0, "cutoff", 100.0,
                "low_cutoff", 0.0, "high_cutoff", 0.0, "transition_width", 100.0, "window", "hamming",
                "beta", 0.0, "gain", 1.0);
        int history = b.history();
        b.applyParam("gain", Setups.value(3.0));
        float[] dc = new float[600];
        java.util.Arrays.fill(dc, 1f);
        float[] y = BlockHarness.of(b).input(dc, false).output(Dtype.F32, 1).run().floats(0);
        assertEquals(history, b.history());
        assertEquals(3.0, y[599], 1e-5);
    }

    @Test
    void rejectsCutoffAboveNyquist() {
        var e = assertThrows(IllegalArgumentException.class, () -> Setups.create(factory, "io_type", "f32",
                "taps_type", "real", "decimation", 1, "taps_mode", "designed", "filter", "low_pass",
                "samp_rate", 1000.0, "cutoff", 600.0, "low_cutoff", 0.0, "high_cutoff", 0.0,
                "transition_width", 100.0, "window", "hamming", "beta", 0.0, "gain", 1.0));
        assertEquals(true, e.getMessage().contains("Nyquist"), e.getMessage());
    }
}
