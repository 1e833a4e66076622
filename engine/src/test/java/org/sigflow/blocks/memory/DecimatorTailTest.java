package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.cuda.Cuda;

/**
 * The CPU fallback of {@link TailChains} (CI, no CUDA device): decimating CUDA ids between memory nodes give every
 * output exactly the CPU twin's items, the short last page's included (the GPU form: {@link GpuDecimatorTailTest}).
 */
class DecimatorTailTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.sigflow.blocks.memory.TailChains#cases")
    void everyOutputHasTheTwinsItems(TailChains.Case c) throws Exception {
        assumeFalse(Cuda.available(), "a CUDA device is present: GpuDecimatorTailTest covers this machine");
        TailChains.check(c, TailChains.samples(GpuDecimatorTailTest.ITEMS, 5), GpuDecimatorTailTest.PAGE);
    }
}
