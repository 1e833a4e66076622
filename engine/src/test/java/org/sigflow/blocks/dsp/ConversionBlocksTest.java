package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockHarness;

/** magnitude and complex_to_* against numpy (abs**k, real, imag, abs, angle): max error <= 1e-6 * rms. */
class ConversionBlocksTest {

    @Test
    void magnitudePowers() throws Exception {
        for (var c : ReferenceData.cases("magnitude")) {
            Block b = Setups.create(new MagnitudeBlock.Factory(), "exponent", c.integer("exponent"), "vlen", 3);
            float[] y = BlockHarness.of(b).input(Dtype.CF32, 3, c.inputFloats("x")).output(Dtype.F32, 3).chunk(70)
                    .run().floats(0);
            c.assertMatches("y", y);
        }
    }

    @Test
    void complexToParts() throws Exception {
        BlockFactory[] factories = {new ComplexToFloatBlock.RealFactory(), new ComplexToFloatBlock.ImagFactory(),
                new ComplexToFloatBlock.MagFactory(), new ComplexToFloatBlock.ArgFactory()};
        for (BlockFactory f : factories) {
            var c = ReferenceData.cases(f.id()).get(0);
            Block b = Setups.create(f, "vlen", 1);
            float[] y = BlockHarness.of(b).input(c.inputFloats("x"), true).output(Dtype.F32, 1).chunk(128).run()
                    .floats(0);
            c.assertMatches("y", y);
        }
    }

    @Test
    void floatToComplexWithAndWithoutImaginaryInput() throws Exception {
        float[] re = {1, 2, 3, 4};
        float[] im = {-1, -2, -3, -4};
        var two = BlockHarness.of(Setups.create(new FloatToComplexBlock.Factory(), "vlen", 2))
                .input(Dtype.F32, 2, re).input(Dtype.F32, 2, im).output(Dtype.CF32, 2).chunk(1).run();
        assertArrayEquals(new float[] {1, -1, 2, -2, 3, -3, 4, -4}, two.floats(0));
        var one = BlockHarness.of(Setups.create(new FloatToComplexBlock.Factory(), "vlen", 1))
                .input(re, false).output(Dtype.CF32, 1).run();
        assertArrayEquals(new float[] {1, 0, 2, 0, 3, 0, 4, 0}, one.floats(0));
    }
}
