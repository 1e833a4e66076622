package org.sigflow.blocks.cuda.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.cuda.fusion.FusedOp.Kind;

/**
 * The generated kernel source for each operation: the arithmetic of the block's own kernel (elementwise.cu), the
 * argument list, loads and stores; and, where nvcc is installed, that the generated source compiles.
 */
class FusedSourceTest {
    private static final FusedOp SCALE_C = FusedOp.of(Kind.SCALE, true);

    @Test
    void eachStageIsTheArithmeticOfItsBlocksKernel() {
        assertEquals("        { float t = xr * k3r - xi * k3i; xi = xr * k3i + xi * k3r; xr = t; }\n",
                FusedSource.stage(SCALE_C, 3)); // cmul(x, c) of sf_scale_cf32
        assertEquals("        xr = __fmul_rn(xr, k0r);\n", FusedSource.stage(FusedOp.of(Kind.SCALE, false), 0)); // no FMA
        assertEquals("        xr = xr + k1r; xi = xi + k1i;\n", FusedSource.stage(FusedOp.of(Kind.OFFSET, true), 1));
        assertEquals("        xr = xr + k2r;\n", FusedSource.stage(FusedOp.of(Kind.OFFSET, false), 2));
        assertEquals("        xi = -xi;\n", FusedSource.stage(FusedOp.of(Kind.CONJUGATE, true), 0));
        assertEquals("        xr = hypotf(xr, xi); xi = 0.0f;\n", FusedSource.stage(FusedOp.of(Kind.MAGNITUDE, true), 0));
        assertEquals("        xr = hypotf(xr, xi); xi = 0.0f;\n",
                FusedSource.stage(new FusedOp(Kind.MAGNITUDE_POW, true, 1, 1), 0));
        String pow3 = FusedSource.stage(new FusedOp(Kind.MAGNITUDE_POW, true, 1, 3), 0);
        assertTrue(pow3.contains("for (int e = 3 / 2;") && pow3.contains("xr = __fmul_rn(r, hypotf(xr, xi))"), pow3);
        String pow4 = FusedSource.stage(new FusedOp(Kind.MAGNITUDE_POW, true, 1, 4), 0);
        assertTrue(pow4.contains("for (int e = 4 / 2;") && pow4.contains("xr = r;"), pow4);
        assertEquals("        xr = xr + v1.x; xi = xi + v1.y;\n        xr = xr + v2.x; xi = xi + v2.y;\n",
                FusedSource.stage(new FusedOp(Kind.ADD, true, 3, 0), 0));
        assertEquals("        xr = __fmul_rn(xr, v1);\n", FusedSource.stage(new FusedOp(Kind.MULTIPLY, false, 2, 0), 0));
        assertEquals("        { float t = xr * v1.x - xi * v1.y; xi = xr * v1.y + xi * v1.x; xr = t; }\n",
                FusedSource.stage(new FusedOp(Kind.MULTIPLY, true, 2, 0), 0)); // cmul(a, b) of sf_mul_cf32
        assertEquals("        xi = 0.0f;\n", FusedSource.stage(FusedOp.of(Kind.REAL, true), 0));
        assertEquals("        xr = xi; xi = 0.0f;\n", FusedSource.stage(FusedOp.of(Kind.IMAG, true), 0));
        assertEquals("        xr = (float)atan2((double)xi, (double)xr); xi = 0.0f;\n", // sf_complex_to_arg, in double
                FusedSource.stage(FusedOp.of(Kind.ARG, true), 0));
        assertEquals("        xr = fabsf(xr);\n", FusedSource.stage(FusedOp.of(Kind.ABS, false), 0));
        assertFalse(FusedOp.of(Kind.ARG, true).complexOut(), "arg ends a complex chain: f32 out");
        assertEquals("        xr = xr - v1.x; xi = xi - v1.y;\n        xr = xr - v2.x; xi = xi - v2.y;\n",
                FusedSource.stage(new FusedOp(Kind.SUBTRACT, true, 3, 0), 0));
        assertEquals("        xr = __fdiv_rn(xr, v1);\n", FusedSource.stage(new FusedOp(Kind.DIVIDE, false, 2, 0), 0));
        assertEquals("        { float inv = __fdiv_rn(1.0f, __fadd_rn(__fmul_rn(v1.x, v1.x), __fmul_rn(v1.y, v1.y)));\n"
                + "          float t = __fmul_rn(__fadd_rn(__fmul_rn(xr, v1.x), __fmul_rn(xi, v1.y)), inv);\n"
                + "          xi = __fmul_rn(__fsub_rn(__fmul_rn(xi, v1.x), __fmul_rn(xr, v1.y)), inv); xr = t; }\n",
                FusedSource.stage(new FusedOp(Kind.DIVIDE, true, 2, 0), 0)); // sf_cdiv, each op rounded
        assertThrows(IllegalArgumentException.class, () -> FusedOp.of(Kind.ABS, true));
        assertThrows(IllegalArgumentException.class, () -> FusedOp.of(Kind.REAL, false));
    }

    @Test
    void theKernelTakesTheHeadsInputsOneOutputAndEachStagesConstants() {
        String s = FusedSource.generate(List.of(new FusedOp(Kind.ADD, true, 2, 0), SCALE_C,
                FusedOp.of(Kind.MAGNITUDE, true), FusedOp.of(Kind.OFFSET, false)), List.of("add", "g", "mag", "o"));
        assertTrue(s.contains("extern \"C\" __global__ void sf_fused(const float* __restrict__ in0, "
                + "const float* __restrict__ in1, float* __restrict__ out, long long n, float k1r, float k1i, float k3r)"), s);
        assertTrue(s.contains("sf_c2 v0 = reinterpret_cast<const sf_c2*>(in0)[i];"), s);
        assertTrue(s.contains("sf_c2 v1 = reinterpret_cast<const sf_c2*>(in1)[i];"), s);
        assertTrue(s.contains("        out[i] = xr;\n"), s); // f32 out after the magnitude
        assertTrue(s.indexOf("// g: SCALE cf32") < s.indexOf("// mag: MAGNITUDE cf32"), s);
        String c = FusedSource.generate(List.of(SCALE_C, FusedOp.of(Kind.CONJUGATE, true)), List.of("a", "b"));
        assertTrue(c.contains("reinterpret_cast<sf_c2*>(out)[i] = sf_c2{xr, xi};"), c);
        String r = FusedSource.generate(List.of(FusedOp.of(Kind.SCALE, false), FusedOp.of(Kind.OFFSET, false)),
                List.of("a", "b"));
        assertTrue(r.contains("float v0 = in0[i];") && r.contains("float k0r, float k1r)"), r);
    }

    @Test
    void theGeneratedSourceCompiles(@TempDir Path dir) throws Exception {
        Path nvcc = Path.of("/usr/local/bin/nvcc");
        Assumptions.assumeTrue(Files.isExecutable(nvcc), "nvcc is not installed here");
        String src = FusedSource.generate(List.of(new FusedOp(Kind.MULTIPLY, true, 3, 0), SCALE_C,
                FusedOp.of(Kind.OFFSET, true), FusedOp.of(Kind.CONJUGATE, true), new FusedOp(Kind.MAGNITUDE_POW, true, 1, 5),
                FusedOp.of(Kind.SCALE, false), FusedOp.of(Kind.OFFSET, false)), List.of("m", "a", "b", "c", "d", "e", "f"))
                + FusedSource.generate(List.of(new FusedOp(Kind.ADD, false, 2, 0), FusedOp.of(Kind.SCALE, false)),
                        List.of("x", "y")).replace("sf_fused", "sf_fused_real").replace("struct alignas(8) sf_c2 { float x, y; };\n", "")
                + FusedSource.generate(List.of(FusedOp.of(Kind.ARG, true), FusedOp.of(Kind.ABS, false)), List.of("g", "h"))
                        .replace("sf_fused", "sf_fused_arg").replace("struct alignas(8) sf_c2 { float x, y; };\n", "")
                + FusedSource.generate(List.of(FusedOp.of(Kind.IMAG, true), FusedOp.of(Kind.SCALE, false)), List.of("i", "j"))
                        .replace("sf_fused", "sf_fused_imag").replace("struct alignas(8) sf_c2 { float x, y; };\n", "")
                + FusedSource.generate(List.of(new FusedOp(Kind.DIVIDE, true, 3, 0), new FusedOp(Kind.SUBTRACT, true, 1, 0)),
                        List.of("d", "s")).replace("sf_fused", "sf_fused_div").replace("struct alignas(8) sf_c2 { float x, y; };\n", "")
                + FusedSource.generate(List.of(new FusedOp(Kind.DIVIDE, false, 2, 0)), List.of("q"))
                        .replace("sf_fused", "sf_fused_rdiv").replace("struct alignas(8) sf_c2 { float x, y; };\n", "");
        Path cu = dir.resolve("fused.cu");
        Files.writeString(cu, src);
        Process p = new ProcessBuilder(nvcc.toString(), "-cubin", "-arch=sm_90", "-o", dir.resolve("fused.cubin").toString(),
                cu.toString()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "nvcc did not finish in 120 s");
        assertEquals(0, p.exitValue(), () -> "nvcc refused the generated source:\n" + log + "\n" + src);
        assertTrue(Files.size(dir.resolve("fused.cubin")) > 0);
    }
}
