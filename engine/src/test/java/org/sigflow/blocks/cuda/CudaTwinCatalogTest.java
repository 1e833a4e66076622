package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.catalog.Domain;
import org.sigflow.catalog.GpuDeviceParam;
import org.sigflow.catalog.PortDef;

/**
 * Every CUDA block names its CPU twin ({@code cpu_twin}), is called {@code <twin>_cuda}, and has exactly the twin's
 * params (ids, types, defaults, options, ranges, run-time flags, labels), asserts and ports (names, dtypes, vlen,
 * multiplicity) with every port in GPU memory, plus the {@code device} param the loader adds: so the designer can switch a node between the two in one action and
 * keep its values, and the graph runs on the twin without a GPU.
 */
class CudaTwinCatalogTest {

    @Test
    void cudaBlocksMirrorTheirCpuTwins() throws Exception {
        Catalog catalog = CatalogLoader.loadDefault();
        List<BlockDef> cuda = catalog.all().stream().filter(b -> b.domain() == Domain.CUDA).toList();
        assertFalse(cuda.isEmpty(), "the catalog has CUDA blocks");
        for (BlockDef b : cuda) {
            assertNotNull(b.cpuTwin(), b.id() + " names its CPU twin");
            assertEquals(b.cpuTwin() + "_cuda", b.id(), "a CUDA block is called <twin>_cuda");
            BlockDef twin = catalog.find(b.cpuTwin()).orElseThrow();
            assertEquals(Domain.CPU, twin.domain(), b.id() + "'s twin runs on the CPU");
            assertEquals(twin.params(), b.params().stream().filter(p -> !p.id().equals(GpuDeviceParam.ID)).toList(),
                    b.id() + " has its twin's params");
            assertEquals(GpuDeviceParam.ID, b.params().getLast().id(), b.id() + " has the GPU device param, last");
            assertEquals(twin.asserts(), b.asserts(), b.id() + " has its twin's asserts");
            assertPortsMirror(b.id() + " inputs", twin.inputs(), b.inputs());
            assertPortsMirror(b.id() + " outputs", twin.outputs(), b.outputs());
            for (PortDef p : concat(b.inputs(), b.outputs())) {
                assertEquals(Domain.CUDA, p.domainOr(b.domain()), b.id() + " port " + p.name() + " is in GPU memory");
            }
        }
    }

    @Test
    void theBenchChainBlocksHaveCudaTwins() throws Exception {
        Catalog catalog = CatalogLoader.loadDefault();
        for (String id : List.of("multiply_const", "add_const", "add", "multiply", "conjugate", "complex_to_mag",
                "magnitude", "quadrature_demod", "fir_filter", "fft", "pfb_channelizer", "rotator",
                "freq_xlating_fir_filter", "interp_fir_filter", "rational_resampler", "log_power_fft",
                "moving_average", "single_pole_iir", "dc_blocker", "hilbert")) {
            assertTrue(catalog.find(id + "_cuda").isPresent(), id + " has a CUDA twin");
        }
    }

    /** Issue 9's parallel stream blocks have twins (docs/cuda.md lists those without one and why). */
    @Test
    void issue9StreamBlocksHaveCudaTwins() throws Exception {
        Catalog catalog = CatalogLoader.loadDefault();
        for (String id : List.of("threshold", "rms", "complex_to_float", "float_to_complex", "multiply_matrix",
                "quantizer", "int_to_float", "float_to_int", "binary_slicer", "byte_map", "vco", "amp_bal",
                "diff_encoder", "diff_decoder", "complex_to_interleaved_short", "complex_to_interleaved_char",
                "interleaved_short_to_complex", "interleaved_char_to_complex", "repack_bits", "pack_k_bits",
                "unpack_k_bits", "packed_to_unpacked", "unpacked_to_packed", "constellation_decoder", "keep_m_in_n",
                "pfb_channelizer_hier")) {
            assertTrue(catalog.find(id + "_cuda").isPresent(), id + " has a CUDA twin");
        }
        for (String node : List.of("memory_h2d", "memory_d2h")) {
            assertTrue(catalog.find(node).orElseThrow().param("type").orElseThrow().options().contains("s32"),
                    node + " carries int32 streams (int_to_float_cuda's input, float_to_int_cuda's output)");
        }
    }

    /** The loader gives every entry with a GPU port, and only those, the device param (default: the graph's GPU). */
    @Test
    void blocksWithGpuPortsAndOnlyThoseHaveADeviceParam() throws Exception {
        Catalog catalog = CatalogLoader.loadDefault();
        for (BlockDef b : catalog.all()) {
            boolean gpu = concat(b.inputs(), b.outputs()).stream().anyMatch(p -> p.domainOr(b.domain()) == Domain.CUDA);
            boolean gpuDevice = b.param(GpuDeviceParam.ID).filter(p -> p.defaultValue().equals("gpu_device")).isPresent();
            assertEquals(gpu, gpuDevice, b.id()); // audio blocks have a device param of their own (a sound card)
        }
        assertTrue(catalog.find("memory_h2d").orElseThrow().param(GpuDeviceParam.ID).isPresent());
        assertTrue(catalog.find("memory_d2h").orElseThrow().param(GpuDeviceParam.ID).isPresent());
        assertTrue(catalog.find("fft").orElseThrow().param(GpuDeviceParam.ID).isEmpty());
    }

    /** Feedback blocks with no exact parallel form have no twin (docs/cuda.md, "Feedback blocks"). */
    @Test
    void feedbackBlocksWithoutAParallelFormHaveNoTwin() throws Exception {
        Catalog catalog = CatalogLoader.loadDefault();
        for (String id : List.of("iir_filter", "agc", "costas_loop", "pll_carriertracking", "cvsd_encode",
                "cvsd_decode")) {
            assertTrue(catalog.find(id).isPresent(), id + " is in the catalog");
            assertFalse(catalog.find(id + "_cuda").isPresent(), id + " has no CUDA twin (no fake twins)");
        }
    }

    private static void assertPortsMirror(String what, List<PortDef> cpu, List<PortDef> cuda) {
        assertEquals(cpu.size(), cuda.size(), what);
        for (int i = 0; i < cpu.size(); i++) {
            PortDef a = cpu.get(i);
            PortDef b = cuda.get(i);
            assertEquals(List.of(a.name(), a.dtype(), a.vlen(), a.optional(), String.valueOf(a.count())),
                    List.of(b.name(), b.dtype(), b.vlen(), b.optional(), String.valueOf(b.count())), what + " " + i);
        }
    }

    private static List<PortDef> concat(List<PortDef> a, List<PortDef> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
