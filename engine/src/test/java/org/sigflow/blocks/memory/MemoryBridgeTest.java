package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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

    /** Integer radio streams widen to cf32 as the file formats read them (ci16_le, ci8, cu8), and narrow back. */
    @Test
    void integerHostStreamsWidenAndNarrowWithoutAGpu() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(org.sigflow.cuda.Cuda.available(), "a CUDA device is present");
        short[] s16 = {-32768, -1, 0, 1, 16384, 32767};
        BlockHarness h = BlockHarness.of(Setups.create("memory_h2d", "type", "cs16", "device_type", "cf32", "vlen", 1,
                "wire_format", "fp32", "page_items", 2)).input(Dtype.CS16, 1, s16).output(Dtype.CF32, 1).chunk(1).run();
        assertArrayEquals(new float[] {-1f, -1f / 32768, 0, 1f / 32768, 0.5f, 32767f / 32768}, h.floats(0));
        BlockHarness h8 = BlockHarness.of(Setups.create("memory_h2d", "type", "cs8", "device_type", "cf32", "vlen", 1,
                "wire_format", "fp32", "page_items", 2)).input(Dtype.CS8, 1, new byte[] {-128, 64, 0, 127})
                .output(Dtype.CF32, 1).run();
        assertArrayEquals(new float[] {-1f, 0.5f, 0f, 127f / 128}, h8.floats(0));
        // an RTL-SDR cu8 recording read as u8: two items per complex sample, 0..255 -> (x - 127.5) / 127.5
        BlockHarness u8 = BlockHarness.of(Setups.create("memory_h2d", "type", "u8", "device_type", "cf32", "vlen", 1,
                "wire_format", "fp32", "page_items", 2)).input(Dtype.U8, 1, new byte[] {0, (byte) 255, 127, (byte) 128})
                .output(Dtype.CF32, 1).run();
        assertArrayEquals(new float[] {-1f, 1f, -0.5f / 127.5f, 0.5f / 127.5f}, u8.floats(0), 1e-7f);
        assertEquals(2, u8.produced(0));
        float[] x = {-1.5f, -1f, -0.25f, 0f, 0.3f, 1f};
        BlockHarness d = BlockHarness.of(Setups.create("memory_d2h", "type", "cf32", "host_type", "cs16", "vlen", 1,
                "wire_format", "fp32", "page_items", 2)).input(Dtype.CF32, 1, x).output(Dtype.CS16, 1).run();
        assertArrayEquals(new short[] {-32768, -32768, -8192, 0, 9830, 32767}, d.shorts(0));
        BlockHarness d8 = BlockHarness.of(Setups.create("memory_d2h", "type", "cf32", "host_type", "cs8", "vlen", 1,
                "wire_format", "fp32", "page_items", 2)).input(Dtype.CF32, 1, x).output(Dtype.CS8, 1).run();
        assertArrayEquals(new byte[] {-128, -128, -32, 0, 38, 127}, d8.bytes(0));
    }

    @Test
    void refusesAWideningOfAFloatStream() {
        assertThrows(IllegalArgumentException.class, () -> Setups.create("memory_d2h", "type", "f32", "host_type",
                "cs16", "vlen", 1, "wire_format", "fp32", "page_items", 1024));
    }

    @Test
    void refusesUnknownWireFormat() {
        assertThrows(IllegalArgumentException.class, () -> Setups.create("memory_d2h", "type", "cf32", "vlen", 1,
                "wire_format", "bf16", "page_items", 1024));
    }
}
