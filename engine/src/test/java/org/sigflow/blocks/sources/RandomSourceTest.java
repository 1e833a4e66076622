package org.sigflow.blocks.sources;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;

/** random_source: values in [minimum, maximum), uniform (chi-square), reproducible per seed, repeated or once. */
class RandomSourceTest {

    private static BlockHarness run(String type, int min, int max, int n, boolean repeat, long seed, int calls)
            throws Exception {
        return BlockHarness.of(Setups.create("random_source", "type", type, "minimum", min, "maximum", max,
                "num_samps", n, "repeat", repeat, "seed", seed)).output(Dtype.fromId(type), 1).chunk(1000)
                .maxCalls(calls).run();
    }

    @Test
    void bytesAreUniformInTheRangeAndEndWhenNotRepeated() throws Exception {
        BlockHarness h = run("u8", 0, 4, 40_000, false, 1, 1000);
        assertTrue(h.finishedByItself());
        int[] counts = new int[256];
        for (byte b : h.bytes(0)) {
            counts[b & 0xff]++;
        }
        assertEquals(40_000, Arrays.stream(counts).sum());
        assertEquals(40_000, counts[0] + counts[1] + counts[2] + counts[3], "all values in [0, 4)");
        double chi2 = 0;
        for (int v = 0; v < 4; v++) {
            chi2 += Math.pow(counts[v] - 10_000, 2) / 10_000;
        }
        assertTrue(chi2 < 16.3, "chi-square " + chi2 + " over 3 degrees of freedom (p = 0.001)");
    }

    @Test
    void shortsRepeatTheirVectorAndTheSeedFixesIt() throws Exception {
        short[] a = run("s16", -5, 5, 100, true, 7, 3).shorts(0);
        short[] b = run("s16", -5, 5, 100, true, 7, 3).shorts(0);
        assertArrayEquals(a, b);
        assertEquals(3000, a.length);
        assertArrayEquals(Arrays.copyOfRange(a, 0, 100), Arrays.copyOfRange(a, 100, 200), "period num_samps");
        for (short s : a) {
            assertTrue(s >= -5 && s < 5, "value " + s);
        }
        assertFalse(Arrays.equals(a, run("s16", -5, 5, 100, true, 8, 3).shorts(0)), "another seed");
    }

    @Test
    void vectorSourceOfBytesWrapsLikeNumpy() throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create("vector_source", "type", "u8",
                        "vector", Setups.realList(0, 1, 255, 256, -1), "repeat", false, "vlen", 1))
                .output(Dtype.U8, 1).chunk(2).run();
        assertArrayEquals(new byte[] {0, 1, (byte) 255, 0, (byte) 255}, h.bytes(0));
    }
}
