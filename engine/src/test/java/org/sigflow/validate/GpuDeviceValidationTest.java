package org.sigflow.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.GpuCount;
import org.sigflow.expr.Value;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.Metadata;

/**
 * The {@code device} of GPU blocks: it defaults to the graph's GPU ({@code gpu_device}, 0 unless the graph defines
 * it), takes 0 and up, and an index this machine lacks is refused naming the block (on a machine with CUDA; without
 * it every block runs on the CPU and the index is not used).
 */
class GpuDeviceValidationTest {
    private static final Catalog CATALOG = load();

    private static Catalog load() {
        try {
            return CatalogLoader.loadDefault();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static ValidationResult validate(Map<String, String> variables, String fftDevice) {
        Map<String, String> fft = new LinkedHashMap<>(Map.of("fft_size", "512", "window", "rectangular"));
        if (fftDevice != null) {
            fft.put("device", fftDevice);
        }
        List<BlockInstance> blocks = List.of(
                block("src", "null_source", Map.of("vlen", "512")),
                block("h2d", "memory_h2d", Map.of("vlen", "512")),
                block("fft_cuda_0", "fft_cuda", fft),
                block("d2h", "memory_d2h", Map.of("vlen", "512")),
                block("snk", "null_sink", Map.of("vlen", "512")));
        List<Connection> edges = List.of(new Connection("src", "out", "h2d", "in"),
                new Connection("h2d", "out", "fft_cuda_0", "in"), new Connection("fft_cuda_0", "out", "d2h", "in"),
                new Connection("d2h", "out", "snk", "in"));
        return GraphValidator.validate(new Graph(Metadata.EMPTY, variables, blocks, edges, List.of()), CATALOG,
                Map.of());
    }

    private static BlockInstance block(String id, String type, Map<String, String> params) {
        return new BlockInstance(id, type, params, BlockState.ENABLED, 0, 0, 0, null);
    }

    private static Value device(ValidationResult r, String block) {
        assertNotNull(r.resolved(), () -> r.problems().toString());
        return r.resolved().block(block).orElseThrow().params().get("device");
    }

    @Test
    void theDeviceDefaultsToTheGraphsGpu() {
        ValidationResult r = validate(Map.of(), null);
        assertEquals(Value.of(0L), device(r, "fft_cuda_0"));
        assertEquals(Value.of(0L), device(r, "h2d"));
        assertNull(r.resolved().block("src").orElseThrow().params().get("device"), "CPU blocks have no device");
        if (Cuda.deviceCount() < 2) {
            ValidationResult one = validate(Map.of("gpu_device", "0"), "gpu_device + 0");
            assertEquals(Value.of(0L), device(one, "fft_cuda_0"), "a graph variable gpu_device moves every GPU block");
        } else {
            ValidationResult one = validate(Map.of("gpu_device", "1"), null);
            assertEquals(Value.of(1L), device(one, "fft_cuda_0"), "a graph variable gpu_device moves every GPU block");
            assertEquals(Value.of(1L), device(one, "d2h"));
        }
    }

    @Test
    void aNegativeDeviceIsRefused() {
        List<String> problems = validate(Map.of(), "-1").problems().stream().map(Problem::toString).toList();
        assertEquals(1, problems.size(), problems::toString);
        assertTrue(problems.getFirst().startsWith("Error in block 'fft_cuda_0' param 'device'"), problems::toString);
    }

    @Test
    void aDeviceThisMachineLacksIsRefusedNamingTheBlock() {
        int count = Cuda.deviceCount();
        List<String> problems = validate(Map.of(), String.valueOf(count + 1)).problems().stream()
                .map(Problem::toString).toList();
        if (count == 0) {
            assertEquals(List.of(), problems, "without CUDA the index is not used: the blocks run on the CPU");
        } else {
            assertEquals(List.of("Error in block 'fft_cuda_0': device " + (count + 1) + " does not exist; this machine has "
                    + GpuCount.words(count)), problems);
        }
    }

    @Test
    void theMessageSaysHowManyGpusThereAre() {
        assertEquals("device 1 does not exist; this machine has 1 GPU", GpuCount.problem(1, 1));
        assertEquals("device 2 does not exist; this machine has 2 GPUs", GpuCount.problem(2, 2));
        assertNull(GpuCount.problem(1, 2));
    }
}
