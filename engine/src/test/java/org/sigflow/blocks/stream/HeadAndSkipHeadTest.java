package org.sigflow.blocks.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.Tag;

class HeadAndSkipHeadTest {

    private static short[] ramp(int n) {
        short[] a = new short[n];
        for (int i = 0; i < n; i++) {
            a[i] = (short) i;
        }
        return a;
    }

    @Test
    void headPassesExactlyNumItemsThenEnds() throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("head", "type", "cs16", "num_items", 25, "vlen", 1))
                .input(Dtype.CS16, 1, ramp(200)).output(Dtype.CS16, 1).chunk(7).run();
        assertTrue(h.finishedByItself(), "head ends the stream after num_items");
        assertEquals(25, h.produced(0));
        assertArrayEquals(ramp(50), h.shorts(0));
    }

    @Test
    void headEndsWithAShorterInput() throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("head", "type", "f32", "num_items", 1000, "vlen", 2))
                .input(Dtype.F32, 2, new float[] {1, 2, 3, 4, 5, 6}).output(Dtype.F32, 2).chunk(2).run();
        assertTrue(h.finishedByItself());
        assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, h.floats(0));
    }

    @Test
    void headOfZeroEndsAtOnce() throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("head", "type", "u8", "num_items", 0, "vlen", 1))
                .input(Dtype.U8, 1, new byte[] {1, 2}).output(Dtype.U8, 1).run();
        assertTrue(h.finishedByItself());
        assertEquals(0, h.produced(0));
    }

    @Test
    void skipHeadDropsTheFirstItemsAndShiftsTags() throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("skip_head", "type", "s16", "num_items", 30, "vlen", 1))
                .input(Dtype.S16, 1, ramp(100)).output(Dtype.S16, 1).chunk(8)
                .tag(0, new Tag(5, "dropped", 1)).tag(0, new Tag(30, "first_kept", 2)).tag(0, new Tag(77, "later", 3))
                .run();
        assertTrue(h.finishedByItself());
        assertEquals(70, h.produced(0));
        short[] y = h.shorts(0);
        for (int i = 0; i < 70; i++) {
            assertEquals(30 + i, y[i]);
        }
        assertEquals(List.of(new Tag(0, "first_kept", 2), new Tag(47, "later", 3)), h.tags(0));
    }

    @Test
    void skipHeadLongerThanTheStreamProducesNothing() throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("skip_head", "type", "f32", "num_items", 50, "vlen", 1))
                .input(Dtype.F32, 1, new float[10]).output(Dtype.F32, 1).chunk(4).run();
        assertTrue(h.finishedByItself());
        assertEquals(0, h.produced(0));
        assertFalse(h.tags(0).iterator().hasNext());
    }
}
