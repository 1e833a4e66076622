package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;

class MemoryBridgeTest {

    /** Without a CUDA device (on a GPU the bridges move pages: GpuTwinTest covers them there). */
    @Test
    void hostToDeviceAndBackPassSamplesThroughUnchanged() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(org.sigflow.cuda.Cuda.available(), "a CUDA device is present");
        float[] x = new float[2 * 3 * 500];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) Math.sin(i);
        }
        for (String id : new String[] {"memory_h2d", "memory_d2h"}) {
            for (String wire : new String[] {"fp32", "fp16", "int16", "int8"}) {
                BlockHarness h = BlockHarness.of(Setups.create(id, "type", "cf32", "vlen", 3, "wire_format", wire,
                        "page_items", 1 << 20)).input(Dtype.CF32, 3, x).output(Dtype.CF32, 3).chunk(77).run();
                assertArrayEquals(x, h.floats(0), id + " with " + wire);
            }
        }
        BlockHarness h = BlockHarness.of(Setups.create("memory_h2d", "type", "s8", "vlen", 1, "wire_format", "int8",
                "page_items", 4)).input(Dtype.S8, 1, new byte[] {-128, 0, 127}).output(Dtype.S8, 1).run();
        assertArrayEquals(new byte[] {-128, 0, 127}, h.bytes(0));
    }

    @Test
    void refusesUnknownWireFormat() {
        assertThrows(IllegalArgumentException.class, () -> Setups.create("memory_d2h", "type", "cf32", "vlen", 1,
                "wire_format", "bf16", "page_items", 1024));
    }
}
