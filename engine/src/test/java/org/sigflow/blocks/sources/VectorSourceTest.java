package org.sigflow.blocks.sources;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;

class VectorSourceTest {

    @Test
    void playsOnceThenEnds() throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("vector_source", "type", "cf32",
                        "vector", Setups.complexList(1, 2, 3, 4, 5, 6), "repeat", false, "vlen", 1))
                .output(Dtype.CF32, 1).chunk(2).run();
        assertTrue(h.finishedByItself());
        assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, h.floats(0));
    }

    @Test
    void repeatsAcrossCallBoundaries() throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("vector_source", "type", "f32",
                        "vector", Setups.realList(1, 2, 3), "repeat", true, "vlen", 1))
                .output(Dtype.F32, 1).chunk(5).maxCalls(4).run();
        assertFalse(h.finishedByItself());
        assertArrayEquals(new float[] {1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2}, h.floats(0));
    }

    @Test
    void groupsValuesIntoVectors() throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("vector_source", "type", "f32",
                        "vector", Setups.realList(1, 2, 3, 4), "repeat", false, "vlen", 2))
                .output(Dtype.F32, 2).chunk(1).run();
        assertEquals(2, h.produced(0));
        assertArrayEquals(new float[] {1, 2, 3, 4}, h.floats(0));
    }

    @Test
    void refusesComplexValuesForAFloatStream() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Setups.create("vector_source",
                "type", "f32", "vector", Setups.complexList(1, 0, 2, 0.5f), "repeat", false, "vlen", 1));
        assertEquals("vector_source 'vector_source_0': a float (f32) stream needs real values, but value 1 is complex",
                e.getMessage());
    }

    @Test
    void refusesBadLengthsAndRepeatingNothing() {
        assertThrows(IllegalArgumentException.class, () -> Setups.create("vector_source",
                "type", "f32", "vector", Setups.realList(1, 2, 3), "repeat", false, "vlen", 2));
        assertThrows(IllegalArgumentException.class, () -> Setups.create("vector_source",
                "type", "cf32", "vector", Setups.complexList(), "repeat", true, "vlen", 1));
    }
}
