package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.cuda.TwinChains.Case;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.RateFraction;

/**
 * Tags crossing a CUDA block are placed by the runtime at the block's relative rate, so every device block (built
 * here without a GPU: its constructor needs none) reports its CPU twin's rate: the same double, and the same exact
 * fraction (given, or the double's exact value). A GPU
 * run once found the rate-changing twins (bit re-chunking, interleaved converters, keep_m_in_n, a 2-dimensional
 * constellation decoder) giving the right samples but tags at rate 1.
 */
class TwinRatesTest {

    static java.util.List<Case> cases() {
        return TwinCases.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void deviceBlockHasItsTwinsRate(Case c) throws Exception {
        String cudaId = c.cpuId() + "_cuda";
        BlockSetup setup = new BlockSetup("dut", cudaId, c.params(), c.inputs(),
                Collections.nCopies(c.outputs(), c.output()), Path.of("."));
        Block cpu = Setups.factory(c.cpuId()).create(setup);
        Block device = ((CudaTwinFactory) Setups.factory(cudaId)).createDevice(setup, cpu);
        assertEquals(cpu.relativeRate(), device.relativeRate(), 0.0, c.name());
        assertEquals(rate(cpu), rate(device), c.name());
    }

    /**
     * The rate as a reduced fraction; without a fraction the runtime scales offsets by the double's exact value (the
     * same half-up rounding), so that value as a fraction (1/8 for 0.125; 1/3 has none).
     */
    private static String rate(Block b) {
        RateFraction f = b.relativeRateFraction();
        BigInteger num;
        BigInteger den;
        if (f != null) {
            num = BigInteger.valueOf(f.interpolation());
            den = BigInteger.valueOf(f.decimation());
        } else {
            BigDecimal exact = new BigDecimal(b.relativeRate());
            num = exact.unscaledValue();
            den = BigInteger.TEN.pow(Math.max(0, exact.scale()));
            num = exact.scale() < 0 ? num.multiply(BigInteger.TEN.pow(-exact.scale())) : num;
        }
        BigInteger g = num.gcd(den);
        return num.divide(g) + "/" + den.divide(g);
    }
}
