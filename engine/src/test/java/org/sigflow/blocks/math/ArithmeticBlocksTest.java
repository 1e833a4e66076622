package org.sigflow.blocks.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;

class ArithmeticBlocksTest {

    private static float[] run(String id, Dtype type, int vlen, int chunk, float[]... inputs) throws Exception {
        BlockHarness h = BlockHarness.of(Setups.create(id, "type", type.id(), "num_inputs", inputs.length, "vlen", vlen));
        for (float[] in : inputs) {
            h.input(type, vlen, in);
        }
        return h.output(type, vlen).chunk(chunk).run().floats(0);
    }

    @Test
    void addsThreeRealInputs() throws Exception {
        float[] y = run("add", Dtype.F32, 1, 2, new float[] {1, 2, 3, 4, 5}, new float[] {10, 20, 30, 40, 50},
                new float[] {100, 200, 300, 400, 500});
        assertArrayEquals(new float[] {111, 222, 333, 444, 555}, y);
    }

    @Test
    void subtractsLaterInputsFromTheFirst() throws Exception {
        // cf32, 3 inputs: in0 - in1 - in2 component-wise
        float[] y = run("subtract", Dtype.CF32, 1, 1, new float[] {10, 20, 30, 40}, new float[] {1, 2, 3, 4},
                new float[] {0.5f, -1, 2, 8});
        assertArrayEquals(new float[] {8.5f, 19, 25, 28}, y);
    }

    @Test
    void multipliesComplexInputsProperly() throws Exception {
        // (1+2j)(3+4j) = -5+10j; (-5+10j)(0+1j) = -10-5j
        // (2-1j)(1+1j) = 3+1j;  (3+1j)(2+0j) = 6+2j
        float[] y = run("multiply", Dtype.CF32, 1, 1, new float[] {1, 2, 2, -1}, new float[] {3, 4, 1, 1},
                new float[] {0, 1, 2, 0});
        assertArrayEquals(new float[] {-10, -5, 6, 2}, y);
    }

    @Test
    void dividesComplexInputsProperly() throws Exception {
        // (-10-5j)/(0+1j) = -5+10j; (-5+10j)/(3+4j) = (-15+40 + (30+20)j)/25 = 1+2j
        float[] y = run("divide", Dtype.CF32, 1, 1, new float[] {-10, -5, 6, 2}, new float[] {0, 1, 2, 0},
                new float[] {3, 4, 1, 1});
        assertArrayEquals(new float[] {1, 2, 2, -1}, y, 1e-6f);
    }

    @Test
    void dividesRealInputsInOrder() throws Exception {
        float[] y = run("divide", Dtype.F32, 1, 3, new float[] {100, 8, -9, 1}, new float[] {5, 2, 3, 0},
                new float[] {2, 4, -1, 1});
        assertArrayEquals(new float[] {10, 1, 3, Float.POSITIVE_INFINITY}, y);
    }

    @Test
    void multipliesRealInputs() throws Exception {
        float[] y = run("multiply", Dtype.F32, 1, 2, new float[] {1, 2, -3}, new float[] {4, 5, 6});
        assertArrayEquals(new float[] {4, 10, -18}, y);
    }

    /** Long random streams with vectors and odd chunks: the SIMD bodies and scalar tails agree with plain loops. */
    @Test
    void vectorisedLoopsMatchScalarReferenceOnLongStreams() throws Exception {
        Random rnd = new Random(7);
        int vlen = 3;
        int items = 1001;
        float[][] in = new float[3][2 * vlen * items];
        for (float[] a : in) {
            for (int i = 0; i < a.length; i++) {
                a[i] = (float) rnd.nextGaussian();
            }
        }
        float[] mul = run("multiply", Dtype.CF32, vlen, 97, in);
        float[] div = run("divide", Dtype.CF32, vlen, 97, in);
        float[] add = run("add", Dtype.CF32, vlen, 97, in);
        for (int k = 0; k < in[0].length; k += 2) {
            double[] m = {in[0][k], in[0][k + 1]};
            double[] d = {in[0][k], in[0][k + 1]};
            for (int p = 1; p < 3; p++) {
                double br = in[p][k], bi = in[p][k + 1];
                m = new double[] {m[0] * br - m[1] * bi, m[0] * bi + m[1] * br};
                double den = br * br + bi * bi;
                d = new double[] {(d[0] * br + d[1] * bi) / den, (d[1] * br - d[0] * bi) / den};
            }
            assertEquals(m[0], mul[k], 1e-4 * (1 + Math.abs(m[0])), "re of product " + k / 2);
            assertEquals(m[1], mul[k + 1], 1e-4 * (1 + Math.abs(m[1])), "im of product " + k / 2);
            assertEquals(d[0], div[k], 1e-3 * (1 + Math.abs(d[0])), "re of quotient " + k / 2);
            assertEquals(d[1], div[k + 1], 1e-3 * (1 + Math.abs(d[1])), "im of quotient " + k / 2);
            assertEquals(in[0][k] + in[1][k] + in[2][k], add[k], 1e-6f);
        }
    }

    @Test
    void refusesFewerThanTwoInputs() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Setups.create("add", "type", "f32", "num_inputs", 1, "vlen", 1));
        assertEquals("add 'add_0' needs at least 2 inputs, got 1", e.getMessage());
    }

    @Test
    void integerAddWrapsLikeGnuRadio() throws Exception {
        // GNU Radio's add_ss: short arithmetic, 32767 + 1 wraps to -32768
        BlockHarness h = BlockHarness.of(Setups.create("add", "type", "s16", "num_inputs", 3, "vlen", 1));
        h.input(Dtype.S16, 1, new short[] {1, -5, 32767, 100});
        h.input(Dtype.S16, 1, new short[] {2, 5, 1, -300});
        h.input(Dtype.S16, 1, new short[] {3, 0, 0, 7});
        assertArrayEquals(new short[] {6, 0, -32768, -193}, h.output(Dtype.S16, 1).chunk(3).run().shorts(0));
        BlockHarness i = BlockHarness.of(Setups.create("add", "type", "s32", "num_inputs", 2, "vlen", 2));
        i.input(Dtype.S32, 2, new int[] {1, 2, 2147483647, -4});
        i.input(Dtype.S32, 2, new int[] {10, 20, 1, 4});
        assertArrayEquals(new int[] {11, 22, -2147483648, 0}, i.output(Dtype.S32, 2).run().ints(0));
    }
}
