package org.sigflow.blocks.sinks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.Tag;

class SinksTest {

    @Test
    void vectorSinkKeepsItemsAndTags() throws Exception {
        VectorSink.Collector sink = (VectorSink.Collector) Setups.create("vector_sink", "type", "cf32", "vlen", 1);
        float[] x = new float[2 * 1000];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        BlockHarness h = BlockHarness.of(sink).input(Dtype.CF32, 1, x).chunk(64)
                .tag(0, new Tag(3, "a", 1L)).tag(0, new Tag(999, "b", "end")).run();
        assertTrue(h.finishedByItself());
        assertEquals(1000, sink.count());
        assertArrayEquals(x, sink.floats());
        assertEquals(List.of(new Tag(3, "a", 1L), new Tag(999, "b", "end")), sink.tags());
        assertThrows(IllegalStateException.class, sink::shorts);
    }

    @Test
    void vectorSinkKeepsByteItems() throws Exception {
        VectorSink.Collector sink = (VectorSink.Collector) Setups.create("vector_sink", "type", "u8", "vlen", 2);
        BlockHarness.of(sink).input(Dtype.U8, 2, new byte[] {1, 2, 3, 4, (byte) 255, 0}).chunk(1).run();
        assertEquals(3, sink.count());
        assertArrayEquals(new byte[] {1, 2, 3, 4, (byte) 255, 0}, sink.bytes());
    }

    @Test
    void nullSinkCountsAndNullSourceGivesZeros() throws Exception {
        NullSink.Counter sink = (NullSink.Counter) Setups.create("null_sink", "type", "f32", "vlen", 1);
        BlockHarness.of(sink).input(Dtype.F32, 1, new float[12345]).chunk(1000).run();
        assertEquals(12345, sink.count());

        BlockHarness src = BlockHarness.of(Setups.create("null_source", "type", "cs16", "vlen", 1))
                .output(Dtype.CS16, 1).chunk(100).maxCalls(3).run();
        assertFalse(src.finishedByItself(), "a null source never ends");
        assertEquals(300, src.produced(0));
        assertArrayEquals(new short[600], src.shorts(0));
    }
}
