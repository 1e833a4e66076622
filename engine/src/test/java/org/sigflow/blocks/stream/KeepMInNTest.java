package org.sigflow.blocks.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;

/** keep_m_in_n as GNU Radio's: items offset .. offset+m-1 of every n, whatever the work calls' sizes. */
class KeepMInNTest {

    @Test
    void keepsMItemsOfEveryNFromTheOffset() throws Exception {
        int items = 5 * 40 + 3; // a partial period at the end is dropped
        short[] x = new short[2 * items];
        for (int i = 0; i < x.length; i++) {
            x[i] = (short) i;
        }
        short[] want = new short[2 * 3 * 40];
        int w = 0;
        for (int p = 0; p < 40; p++) {
            for (int k = 1; k <= 3; k++) {
                int item = 5 * p + k;
                want[w++] = (short) (2 * item);
                want[w++] = (short) (2 * item + 1);
            }
        }
        BlockHarness h = BlockHarness.of(Setups.create("keep_m_in_n", "type", "cs16", "m", 3, "n", 5, "offset", 1,
                "vlen", 1)).input(Dtype.CS16, 1, x).output(Dtype.CS16, 1).chunk(7).run();
        assertArrayEquals(want, h.shorts(0));
    }

    @Test
    void refusesAWindowBeyondThePeriod() {
        assertThrows(IllegalArgumentException.class, () -> Setups.create("keep_m_in_n", "type", "f32", "m", 4, "n", 5,
                "offset", 2, "vlen", 1));
    }
}
