package org.sigflow.blocks.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;

class StreamVectorTest {

    @Test
    void streamToVectorAndBackIsTheIdentity() throws Exception {
        float[] x = new float[2 * 4 * 60]; // 60 vectors of 4 complex samples
        for (int i = 0; i < x.length; i++) {
            x[i] = i * 0.5f;
        }
        BlockHarness toVec = BlockHarness.of(Setups.create("stream_to_vector", "type", "cf32", "num_items", 4, "vlen", 1))
                .input(Dtype.CF32, 1, x).output(Dtype.CF32, 4).chunk(9).run();
        assertEquals(60, toVec.produced(0));
        assertArrayEquals(x, toVec.floats(0));

        BlockHarness toStream = BlockHarness.of(Setups.create("vector_to_stream", "type", "cf32", "num_items", 4, "vlen", 1))
                .input(Dtype.CF32, 4, toVec.floats(0)).output(Dtype.CF32, 1).chunk(9).run();
        assertEquals(240, toStream.produced(0));
        assertArrayEquals(x, toStream.floats(0));
    }

    @Test
    void streamToVectorDropsATrailingPartialVector() throws Exception {
        byte[] x = {1, 2, 3, 4, 5, 6, 7};
        BlockHarness h = BlockHarness.of(Setups.create("stream_to_vector", "type", "s8", "num_items", 3, "vlen", 1))
                .input(Dtype.S8, 1, x).output(Dtype.S8, 3).chunk(2).run();
        assertEquals(2, h.produced(0));
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6}, h.bytes(0));
    }
}
