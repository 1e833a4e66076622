package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.blocks.cuda.TwinChains.Case;
import org.sigflow.blocks.cuda.TwinChains.Result;
import org.sigflow.cuda.Cuda;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.session.Engine;
import org.sigflow.session.OpenedGraph;

/**
 * Without a CUDA device (this suite's machines) graphs with CUDA blocks still run: each CUDA block is its CPU twin,
 * the memory nodes pass samples through, the results are the twin's bit for bit (tags and end-of-stream included),
 * and the engine says so in one line.
 */
class CudaFallbackTest {

    @BeforeAll
    static void noDevice() {
        assumeFalse(Cuda.available(), "a CUDA device is present: the gpu test group covers this machine");
    }

    static java.util.List<Case> cases() {
        return TwinCases.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void cudaBlockRunsItsCpuTwin(Case c) throws Exception {
        float[][] x = new float[c.inputs().size()][];
        for (int i = 0; i < x.length; i++) {
            x[i] = TwinChains.random(c.inputs().get(i), TwinCases.items(c), 7 + i);
        }
        Result cpu = TwinChains.cpu(c, x, 1000);
        Result gpu = TwinChains.gpu(c, x, 1000, TwinCases.page(c), "int8", "fp16");
        assertEquals(RunOutcome.Kind.COMPLETED, gpu.outcome().kind(), () -> String.valueOf(gpu.outcome().failure()));
        // wire formats apply only on a GPU: pass-through is exact; only the CPU FIR's SIMD tail may round differently
        // where the work chunks fall elsewhere
        assertEquals(cpu.values().length, gpu.values().length);
        double err = TwinChains.relativeError(gpu.values(), cpu.values());
        assertTrue(err <= 1e-6, c.name() + ": relative error " + err);
        assertEquals(cpu.tags(), gpu.tags());
    }

    @Test
    void theEngineSaysOnceThatCudaBlocksRunOnTheCpu() throws Exception {
        OpenedGraph g = Engine.loadDefault().open(Path.of("../sample-graphs/bench/cuda/fir_filter_64.graph"), Map.of());
        String notice = Engine.cudaNotice(g).orElseThrow();
        assertTrue(notice.startsWith("no CUDA device (") && notice.endsWith("): CUDA blocks run on the CPU"), notice);
        OpenedGraph cpuOnly = Engine.loadDefault().open(Path.of("../sample-graphs/bench/fir_filter_64.graph"), Map.of());
        assertTrue(Engine.cudaNotice(cpuOnly).isEmpty(), "no notice for a graph without CUDA blocks");
    }
}
