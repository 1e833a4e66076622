package org.sigflow.blocks.memory;

/**
 * Sample format on the host↔device link for float streams: fp32 exact; fp16 (IEEE half, round to nearest);
 * int16 / int8 full scale ±1 (values beyond are clipped, rounded half away from zero). Narrow formats halve or quarter the PCIe bytes at the
 * cost of a quantisation noise floor; {@link #noiseFloor} gives its expected power for the d2h estimate.
 */
public enum WireFormat {
    FP32(4), FP16(2), INT16(2), INT8(1);

    private final int bytes;

    WireFormat(int bytes) {
        this.bytes = bytes;
    }

    public int bytes() {
        return bytes;
    }

    public static WireFormat fromId(String id) {
        return switch (id) {
            case "fp32" -> FP32;
            case "fp16" -> FP16;
            case "int16" -> INT16;
            case "int8" -> INT8;
            default -> throw new IllegalArgumentException("unknown wire format '" + id + "' (fp32, fp16, int16, int8)");
        };
    }

    /** The value {@code x} becomes after a trip through this format. */
    public float roundTrip(float x) {
        return switch (this) {
            case FP32 -> x;
            case FP16 -> Float.float16ToFloat(Float.floatToFloat16(x));
            case INT16 -> WireCodec.quantise(x, 32767f) * (1f / 32767f);
            case INT8 -> WireCodec.quantise(x, 127f) * (1f / 127f);
        };
    }

    /**
     * Expected quantisation noise power per sample for a signal of mean power {@code signalPower}: step²/12 for the
     * fixed-point formats (no clipping assumed); for fp16 the rounding error is uniform within half a spacing of
     * {@code 2^-10} of the value's binade, which for values spread over a binade averages {@code P · 2^-20 / 24}
     * (about 74 dB below the signal).
     */
    public double noiseFloor(double signalPower) {
        return switch (this) {
            case FP32 -> 0;
            case FP16 -> signalPower * Math.pow(2, -20) / 24;
            case INT16 -> Math.pow(1.0 / 32767, 2) / 12;
            case INT8 -> Math.pow(1.0 / 127, 2) / 12;
        };
    }
}
