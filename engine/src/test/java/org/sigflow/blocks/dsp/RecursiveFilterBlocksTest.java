package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/**
 * iir_filter, single_pole_iir, moving_average and dc_blocker against scipy lfilter-based references: max error
 * <= 1e-5 * rms(expected), in chunks of 97 items (state carried across work calls).
 */
class RecursiveFilterBlocksTest {

    @Test
    void iirFilterMatchesLfilter() throws Exception {
        for (var c : ReferenceData.cases("iir_filter")) {
            Block b = Setups.create(new IirFilterBlock.Factory(), "io_type", c.str("io_type"),
                    "fftaps", Setups.realList(c.input("fftaps")),
                    "fbtaps", Setups.realList(c.input("fbtaps")), "oldstyle", c.params().get("oldstyle").asBoolean());
            check(c, b, Dtype.fromId(c.str("io_type")), 1);
        }
    }

    @Test
    void iirFilterRejectsZeroLeadingFeedbackTap() {
        var e = assertThrows(IllegalArgumentException.class, () -> Setups.create(new IirFilterBlock.Factory(),
                "io_type", "f32", "fftaps", Setups.realList(new float[] {1}),
                "fbtaps", Setups.realList(new float[] {0, 0.5f}), "oldstyle", false));
        assertTrue(e.getMessage().contains("a[0]"), e.getMessage());
    }

    @Test
    void singlePoleIirMatchesLfilter() throws Exception {
        for (var c : ReferenceData.cases("single_pole_iir")) {
            Block b = Setups.create(new SinglePoleIirBlock.Factory(), "type", c.str("type"), "alpha", c.num("alpha"));
            check(c, b, Dtype.fromId(c.str("type")), 1);
        }
    }

    @Test
    void singlePoleAlphaChangesWithoutAJump() throws Exception {
        Block b = Setups.create(new SinglePoleIirBlock.Factory(), "type", "f32", "alpha", 1.0);
        float[] ones = new float[10];
        Arrays.fill(ones, 1f);
        BlockHarness.of(b).input(ones, false).output(Dtype.F32, 1).run(); // state is now 1
        b.applyParam("alpha", Setups.value(0.5));
        float[] y = BlockHarness.of(b).input(new float[] {0, 0}, false).output(Dtype.F32, 1).run().floats(0);
        assertEquals(0.5f, y[0]);
        assertEquals(0.25f, y[1]);
    }

    @Test
    void movingAverageMatchesScaledWindowSums() throws Exception {
        for (var c : ReferenceData.cases("moving_average")) {
            Block b = Setups.create(new MovingAverageBlock.Factory(), "type", c.str("type"),
                    "length", c.integer("length"), "scale", c.num("scale"), "vlen", c.integer("vlen"));
            check(c, b, Dtype.fromId(c.str("type")), c.integer("vlen"));
        }
    }

    @Test
    void movingAverageLengthShrinksAndGrowsBackAtRunTime() throws Exception {
        Block b = Setups.create(new MovingAverageBlock.Factory(), "type", "f32", "length", 4, "scale", 1.0, "vlen", 1);
        b.applyParam("length", Setups.value(2));
        b.applyParam("scale", Setups.value(10.0));
        float[] y = BlockHarness.of(b).input(new float[] {1, 2, 3, 4}, false).output(Dtype.F32, 1).run().floats(0);
        assertEquals(Arrays.toString(new float[] {10, 30, 50, 70}), Arrays.toString(y));
        b.applyParam("length", Setups.value(4));
        var e = assertThrows(IllegalArgumentException.class, () -> b.applyParam("length", Setups.value(5)));
        assertTrue(e.getMessage().contains("(4)"), e.getMessage());
    }

    @Test
    void dcBlockerMatchesGnuRadioStructure() throws Exception {
        for (var c : ReferenceData.cases("dc_blocker")) {
            Block b = Setups.create(new DcBlockerBlock.Factory(), "type", c.str("type"), "length", c.integer("length"),
                    "long_form", c.params().get("long_form").asBoolean());
            check(c, b, Dtype.fromId(c.str("type")), 1);
        }
    }

    private static void check(ReferenceData.Case c, Block b, Dtype io, int vlen) throws Exception {
        float[] y = BlockHarness.of(b).input(io, vlen, c.inputFloats("x")).output(io, vlen).chunk(97).run().floats(0);
        c.assertMatches("y", y);
    }
}
