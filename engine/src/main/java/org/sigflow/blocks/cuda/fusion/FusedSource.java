package org.sigflow.blocks.cuda.fusion;

import java.util.List;

/**
 * CUDA C source of one fused kernel, for NVRTC: {@code sf_fused(in0 .. inN-1, out, n, constants…)} walks the
 * {@code n} samples with the grid-stride loop of {@code kernel.cuh}, loads each sample once, applies every stage in
 * registers with the same arithmetic as the blocks' own kernels ({@code elementwise.cu}), and stores the result once.
 * A real product is written {@code __fmul_rn} so the compiler cannot contract it with the next stage's addition
 * into one FMA (separate kernels round in between): fused and unfused results are then the same bits.
 * Self-contained (no include), so NVRTC needs no header. The stages' constants are kernel arguments {@code kJr}
 * ({@code kJi}) for stage J, so a constant changed while running needs no new compile.
 */
public final class FusedSource {
    /** The kernel's name in the generated module. */
    public static final String KERNEL = "sf_fused";

    private FusedSource() {}

    /** The source for {@code stages} in stream order ({@code labels}: the blocks' ids, for a comment). */
    public static String generate(List<FusedOp> stages, List<String> labels) {
        FusedOp head = stages.getFirst();
        StringBuilder s = new StringBuilder();
        s.append("// SigFlow fused element-wise chain: ").append(String.join(" -> ", labels)).append('\n');
        s.append("struct alignas(8) sf_c2 { float x, y; };\n");
        s.append("extern \"C\" __global__ void ").append(KERNEL).append('(');
        for (int i = 0; i < head.inputs(); i++) {
            s.append("const float* __restrict__ in").append(i).append(", ");
        }
        s.append("float* __restrict__ out, long long n");
        for (int j = 0; j < stages.size(); j++) {
            int c = stages.get(j).constants();
            if (c >= 1) {
                s.append(", float k").append(j).append('r');
            }
            if (c == 2) {
                s.append(", float k").append(j).append('i');
            }
        }
        s.append(") {\n");
        s.append("    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;"
                + " i += (long long)blockDim.x * gridDim.x) {\n");
        s.append(load(head));
        for (int j = 0; j < stages.size(); j++) {
            FusedOp op = stages.get(j);
            s.append("        // ").append(labels.get(j)).append(": ").append(op.kind()).append(op.complexIn() ? " cf32" : " f32")
                    .append('\n');
            s.append(stage(op, j));
        }
        boolean complexOut = stages.getLast().complexOut();
        s.append(complexOut ? "        reinterpret_cast<sf_c2*>(out)[i] = sf_c2{xr, xi};\n" : "        out[i] = xr;\n");
        s.append("    }\n}\n");
        return s.toString();
    }

    /** Loads sample i into xr (xi): of input 0 only, or of every input for a head that combines several. */
    private static String load(FusedOp head) {
        StringBuilder s = new StringBuilder();
        int count = head.combines() ? head.inputs() : 1;
        for (int k = 0; k < count; k++) {
            if (head.complexIn()) {
                s.append("        sf_c2 v").append(k).append(" = reinterpret_cast<const sf_c2*>(in").append(k).append(")[i];\n");
            } else {
                s.append("        float v").append(k).append(" = in").append(k).append("[i];\n");
            }
        }
        s.append(head.complexIn() ? "        float xr = v0.x, xi = v0.y;\n" : "        float xr = v0, xi = 0.0f;\n");
        return s.toString();
    }

    /** One stage on (xr, xi), as the block's own kernel computes it. */
    static String stage(FusedOp op, int j) {
        String kr = "k" + j + "r";
        String ki = "k" + j + "i";
        return switch (op.kind()) {
            case SCALE -> op.complexIn()
                    ? "        { float t = xr * " + kr + " - xi * " + ki + "; xi = xr * " + ki + " + xi * " + kr
                            + "; xr = t; }\n"
                    : "        xr = __fmul_rn(xr, " + kr + ");\n";
            case OFFSET -> op.complexIn()
                    ? "        xr = xr + " + kr + "; xi = xi + " + ki + ";\n"
                    : "        xr = xr + " + kr + ";\n";
            case CONJUGATE -> "        xi = -xi;\n";
            case MAGNITUDE -> "        xr = hypotf(xr, xi); xi = 0.0f;\n";
            case MAGNITUDE_POW -> magnitudePow(op.exponent());
            case REAL -> "        xi = 0.0f;\n";
            case IMAG -> "        xr = xi; xi = 0.0f;\n";
            case ARG -> "        xr = (float)atan2((double)xi, (double)xr); xi = 0.0f;\n";
            case ABS -> "        xr = fabsf(xr);\n";
            case ADD, MULTIPLY, SUBTRACT, DIVIDE -> combine(op);
        };
    }

    /** |x|^k as sf_magnitude_pow: repeated squaring of |x|^2, times |x| for odd k (k is a compile-time constant). */
    private static String magnitudePow(int k) {
        if (k == 1) {
            return "        xr = hypotf(xr, xi); xi = 0.0f;\n";
        }
        return "        { float p = xr * xr + xi * xi, r = 1.0f, base = p;\n"
                + "          for (int e = " + k + " / 2; e > 0; e >>= 1) { if (e & 1) r *= base; base *= base; }\n"
                + "          xr = " + (k % 2 == 1 ? "__fmul_rn(r, hypotf(xr, xi))" : "r") + "; xi = 0.0f; }\n";
    }

    /** (xr, xi) / b as sf_cdiv: every float operation rounded on its own, as the CPU twin. */
    private static String complexDivide(String b) {
        return "        { float inv = __fdiv_rn(1.0f, __fadd_rn(__fmul_rn(" + b + ".x, " + b + ".x), __fmul_rn(" + b + ".y, "
                + b + ".y)));\n"
                + "          float t = __fmul_rn(__fadd_rn(__fmul_rn(xr, " + b + ".x), __fmul_rn(xi, " + b + ".y)), inv);\n"
                + "          xi = __fmul_rn(__fsub_rn(__fmul_rn(xi, " + b + ".x), __fmul_rn(xr, " + b + ".y)), inv); xr = t; }\n";
    }

    /** The head's inputs combined in port order, as the chain of two-input launches does. */
    private static String combine(FusedOp op) {
        StringBuilder s = new StringBuilder();
        for (int k = 1; k < op.inputs(); k++) {
            if (op.kind() == FusedOp.Kind.ADD || op.kind() == FusedOp.Kind.SUBTRACT) {
                String o = op.kind() == FusedOp.Kind.ADD ? " + " : " - ";
                s.append(op.complexIn()
                        ? "        xr = xr" + o + "v" + k + ".x; xi = xi" + o + "v" + k + ".y;\n"
                        : "        xr = xr" + o + "v" + k + ";\n");
            } else if (op.kind() == FusedOp.Kind.DIVIDE) {
                s.append(op.complexIn() ? complexDivide("v" + k) : "        xr = __fdiv_rn(xr, v" + k + ");\n");
            } else if (op.complexIn()) {
                s.append("        { float t = xr * v").append(k).append(".x - xi * v").append(k).append(".y; xi = xr * v")
                        .append(k).append(".y + xi * v").append(k).append(".x; xr = t; }\n");
            } else {
                s.append("        xr = __fmul_rn(xr, v").append(k).append(");\n");
            }
        }
        return s.toString();
    }
}
