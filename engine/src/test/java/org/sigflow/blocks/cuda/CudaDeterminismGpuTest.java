package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.blocks.cuda.TwinChains.Case;
import org.sigflow.blocks.cuda.TwinChains.Result;
import org.sigflow.cuda.Cuda;
import org.sigflow.runtime.RunOutcome;

/**
 * CUDA twins are deterministic run to run on the same GPU (docs/safety.md): each one runs twice on the same input,
 * through the same pages, and the two outputs are the same bytes (fixed launch geometry, no atomics in the sums).
 * On a GPU machine only ({@code @Tag("gpu")}); elsewhere it is skipped.
 */
@org.junit.jupiter.api.Tag("gpu")
class CudaDeterminismGpuTest {

    @BeforeAll
    static void device() {
        assumeTrue(Cuda.available(), () -> "no CUDA device: " + Cuda.status().reason());
    }

    static List<Case> cases() {
        return TwinCases.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void twoRunsGiveTheSameBytes(Case c) throws Exception {
        float[][] x = new float[c.inputs().size()][];
        for (int i = 0; i < x.length; i++) {
            x[i] = TwinChains.random(c.inputs().get(i), TwinCases.items(c), 23 + i);
        }
        Result first = TwinChains.gpu(c, x, 1000, TwinCases.page(c), "fp32", "fp32");
        Result second = TwinChains.gpu(c, x, 1000, TwinCases.page(c), "fp32", "fp32");
        assertEquals(RunOutcome.Kind.COMPLETED, first.outcome().kind(), () -> String.valueOf(first.outcome().failure()));
        assertEquals(RunOutcome.Kind.COMPLETED, second.outcome().kind(),
                () -> String.valueOf(second.outcome().failure()));
        assertEquals(first.values().length, second.values().length, c.name());
        int differing = 0;
        int firstAt = -1;
        for (int k = 0; k < first.values().length; k++) {
            if (Float.floatToRawIntBits(first.values()[k]) != Float.floatToRawIntBits(second.values()[k])) {
                differing++;
                firstAt = firstAt < 0 ? k : firstAt;
            }
        }
        System.out.printf("%-44s %d of %d floats differ between two runs%n", c.name(), differing,
                first.values().length);
        int at = firstAt;
        assertEquals(0, differing, () -> c.name() + ": first difference at float " + at + ": "
                + first.values()[at] + " vs " + second.values()[at]);
        assertEquals(first.tags(), second.tags(), "the same tags at the same offsets");
    }
}
