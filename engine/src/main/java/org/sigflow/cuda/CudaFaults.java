package org.sigflow.cuda;

import java.util.Optional;
import jcuda.driver.CUresult;

/**
 * Simulated CUDA failures for fault tests: {@code -Dsigflow.cuda.inject=KIND@BLOCK[:CALL][,…]} makes the CUDA block
 * {@code BLOCK} fail as the driver would, with the driver's own error code and {@link CudaException}. Kinds:
 * {@code oom} (allocation at start), {@code launch} (a kernel launch at work call CALL, default 2) and {@code lost}
 * (the device gone at work call CALL: every later CUDA call of the block fails too, its clean-up included). It works
 * with or without a GPU (on a machine without one the block is its CPU twin, wrapped), so the runtime's handling of
 * CUDA errors is exercised in CI. Read at each graph build; nothing is injected without the property.
 */
public final class CudaFaults {
    public static final String PROPERTY = "sigflow.cuda.inject";

    /** A failure and the driver call and result that report it. */
    public enum Kind {
        OOM(CUresult.CUDA_ERROR_OUT_OF_MEMORY, "cuMemAlloc"),
        LAUNCH(CUresult.CUDA_ERROR_LAUNCH_FAILED, "cuLaunchKernel"),
        LOST(CUresult.CUDA_ERROR_DEVICE_UNAVAILABLE, "cuStreamSynchronize");

        private final int result;
        private final String call;

        Kind(int result, String call) {
            this.result = result;
            this.call = call;
        }

        /** The exception the checked driver call throws, exactly as {@link Cu#check} words it. */
        public CudaException exception() {
            try {
                Cu.check(result, call);
            } catch (CudaException e) {
                return e;
            }
            throw new IllegalStateException(call + " cannot succeed here");
        }
    }

    /** The fault injected into one block: what fails, and from which work call on (1 = the first). */
    public record Fault(Kind kind, int call) {}

    private CudaFaults() {}

    /** The fault {@code -Dsigflow.cuda.inject} names for block {@code blockId}, if any. */
    public static Optional<Fault> forBlock(String blockId) {
        String spec = System.getProperty(PROPERTY, "").strip();
        if (spec.isEmpty()) {
            return Optional.empty();
        }
        for (String item : spec.split(",")) {
            int at = item.indexOf('@');
            if (at < 0) {
                throw new IllegalArgumentException("-D" + PROPERTY + ": '" + item + "' is not KIND@BLOCK[:CALL]");
            }
            String target = item.substring(at + 1).strip();
            int colon = target.lastIndexOf(':');
            String block = colon < 0 ? target : target.substring(0, colon);
            if (!block.equals(blockId)) {
                continue;
            }
            Kind kind;
            try {
                kind = Kind.valueOf(item.substring(0, at).strip().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("-D" + PROPERTY + ": unknown fault '" + item.substring(0, at)
                        + "' (oom, launch or lost)");
            }
            int call = colon < 0 ? 2 : Integer.parseInt(target.substring(colon + 1).strip());
            return Optional.of(new Fault(kind, Math.max(1, call)));
        }
        return Optional.empty();
    }
}
