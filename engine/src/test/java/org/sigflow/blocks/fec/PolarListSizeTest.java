package org.sigflow.blocks.fec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The SC list decoder refuses list sizes whose GNU Radio behaviour it does not reproduce: no power of 2 (GNU Radio
 * copies into paths that own no buffers) and above 8 (std::sort of more than 16 paths is an unstable introsort).
 */
class PolarListSizeTest {
    @Test
    void listSizesOtherThanOneToEightInPowersOfTwoAreRefused() {
        PolarCode code = new PolarCode(64, 40, 2.0);
        for (int size : new int[] {0, 3, 6, 16}) {
            assertEquals("polar SC list decoder: list size must be 1, 2, 4 or 8, got " + size + " (GNU Radio's needs "
                    + "a power of 2; above 8 its sort order of equal metrics is not reproduced)",
                    assertThrows(IllegalArgumentException.class, () -> new PolarListDecoder(code, size)).getMessage());
        }
        for (int size : new int[] {1, 2, 4, 8}) {
            assertEquals(40, new PolarListDecoder(code, size).outputSize());
        }
    }
}
