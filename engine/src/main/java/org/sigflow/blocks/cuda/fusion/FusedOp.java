package org.sigflow.blocks.cuda.fusion;

/**
 * What one element-wise CUDA block does to each sample, as the fusion planner and the kernel generator see it.
 *
 * @param kind      the operation
 * @param complexIn true for cf32 samples in, false for f32
 * @param inputs    inputs of the block (more than one only for the combining kinds: {@link #combines()})
 * @param exponent  k of {@link Kind#MAGNITUDE_POW} (0 otherwise)
 */
public record FusedOp(Kind kind, boolean complexIn, int inputs, int exponent) {
    /** The operations a fused kernel can hold. */
    public enum Kind {
        /** multiply_const: x * c (c complex on cf32). Two constants (re, im) on cf32, one on f32. */
        SCALE,
        /** add_const: x + c. */
        OFFSET,
        /** conjugate: (re, -im). */
        CONJUGATE,
        /** complex_to_mag: |x| (hypot), cf32 in, f32 out. */
        MAGNITUDE,
        /** magnitude: |x|^k by repeated squaring of |x|^2, cf32 in, f32 out. */
        MAGNITUDE_POW,
        /** complex_to_real: re(x), cf32 in, f32 out. */
        REAL,
        /** complex_to_imag: im(x), cf32 in, f32 out. */
        IMAG,
        /** complex_to_arg: atan2(im, re) in double, rounded to float; cf32 in, f32 out. */
        ARG,
        /** abs: |x| (fabsf) of f32 samples. */
        ABS,
        /** add over the block's inputs, in port order. */
        ADD,
        /** multiply over the block's inputs, in port order (complex product on cf32). */
        MULTIPLY,
        /** subtract: in0 - in1 - ..., in port order. */
        SUBTRACT,
        /** divide: in0 / in1 / ..., in port order (complex division on cf32, each float op rounded). */
        DIVIDE
    }

    public FusedOp {
        if (inputs < 1 || inputs > 1 && !combines(kind)) {
            throw new IllegalArgumentException(kind + " takes one input, not " + inputs);
        }
        if ((kind == Kind.CONJUGATE || kind == Kind.MAGNITUDE || kind == Kind.MAGNITUDE_POW || toReal(kind))
                && !complexIn) {
            throw new IllegalArgumentException(kind + " needs complex samples");
        }
        if (kind == Kind.ABS && complexIn) {
            throw new IllegalArgumentException(kind + " takes real samples");
        }
    }

    public static FusedOp of(Kind kind, boolean complexIn) {
        return new FusedOp(kind, complexIn, 1, 0);
    }

    /** True when the block's output samples are cf32. */
    public boolean complexOut() {
        return complexIn && kind != Kind.MAGNITUDE && kind != Kind.MAGNITUDE_POW && !toReal(kind);
    }

    /** True for the kinds that combine the block's inputs (a chain's head when they are several). */
    public boolean combines() {
        return combines(kind);
    }

    private static boolean combines(Kind kind) {
        return kind == Kind.ADD || kind == Kind.MULTIPLY || kind == Kind.SUBTRACT || kind == Kind.DIVIDE;
    }

    private static boolean toReal(Kind kind) {
        return kind == Kind.REAL || kind == Kind.IMAG || kind == Kind.ARG;
    }

    /** Float constants the kernel takes for this stage (passed at launch, so they can change while running). */
    public int constants() {
        return switch (kind) {
            case SCALE, OFFSET -> complexIn ? 2 : 1;
            default -> 0;
        };
    }
}
