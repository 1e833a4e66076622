package org.sigflow.blocks.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

class ConstBlocksTest {

    /** 0, 1, 2, … as interleaved floats: long enough for SIMD bodies plus tails. */
    private static float[] ramp(int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    private static float[] run(Block b, Dtype type, float[] in) throws Exception {
        return BlockHarness.of(b).input(type, 1, in).output(type, 1).chunk(13).run().floats(0);
    }

    @Test
    void multiplyConstRotatesComplexSamples() throws Exception {
        float[] x = ramp(2 * 101);
        float[] y = run(Setups.create("multiply_const", "type", "cf32", "const", Setups.complex(0.5, -2), "vlen", 1),
                Dtype.CF32, x);
        for (int k = 0; k < x.length; k += 2) {
            // (a + jb)(0.5 - 2j) = (0.5a + 2b) + j(0.5b - 2a)
            assertEquals(0.5f * x[k] + 2 * x[k + 1], y[k], 1e-4f);
            assertEquals(0.5f * x[k + 1] - 2 * x[k], y[k + 1], 1e-4f);
        }
    }

    @Test
    void multiplyConstScalesRealAndComplexWithARealGain() throws Exception {
        float[] x = ramp(77);
        float[] y = run(Setups.create("multiply_const", "type", "f32", "const", 3.0, "vlen", 1), Dtype.F32, x);
        float[] yc = run(Setups.create("multiply_const", "type", "cf32", "const", 3.0, "vlen", 1), Dtype.CF32, ramp(78));
        for (int i = 0; i < x.length; i++) {
            assertEquals(3f * i, y[i]);
            assertEquals(3f * i, yc[i]);
        }
    }

    @Test
    void multiplyConstChangesAtRuntimeAndRefusesComplexForFloats() throws Exception {
        Block b = Setups.create("multiply_const", "type", "f32", "const", 2, "vlen", 1);
        b.applyParam("const", Value.of(-1.5));
        assertArrayEquals(new float[] {-0f, -1.5f, -3}, run(b, Dtype.F32, ramp(3)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> b.applyParam("const", Value.of(1, 1)));
        assertEquals("a float (f32) stream needs a real constant, got (1+1j)", e.getMessage().replace(".0", ""));
        assertArrayEquals(new float[] {-0f, -1.5f, -3}, run(b, Dtype.F32, ramp(3)), "the old constant stays in force");
        assertThrows(IllegalArgumentException.class,
                () -> Setups.create("multiply_const", "type", "f32", "const", Setups.complex(0, 1), "vlen", 1));
    }

    @Test
    void addConstAddsComplexAndRealOffsets() throws Exception {
        float[] yc = run(Setups.create("add_const", "type", "cf32", "const", Setups.complex(1, -2), "vlen", 1),
                Dtype.CF32, ramp(2 * 41));
        for (int k = 0; k < yc.length; k += 2) {
            assertEquals(k + 1f, yc[k]);
            assertEquals(k + 1 - 2f, yc[k + 1]);
        }
        float[] yr = run(Setups.create("add_const", "type", "f32", "const", 0.25, "vlen", 1), Dtype.F32, ramp(41));
        for (int i = 0; i < yr.length; i++) {
            assertEquals(i + 0.25f, yr[i]);
        }
    }

    @Test
    void conjugateNegatesImaginaryParts() throws Exception {
        float[] x = ramp(2 * 37);
        float[] y = run(Setups.create("conjugate", "vlen", 1), Dtype.CF32, x);
        for (int k = 0; k < x.length; k += 2) {
            assertEquals(x[k], y[k]);
            assertEquals(-x[k + 1], y[k + 1]);
        }
    }
}
