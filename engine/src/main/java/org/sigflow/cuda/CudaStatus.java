package org.sigflow.cuda;

/**
 * Whether CUDA can be used in this process, and if not, why, in one line for the user (no driver, no device, JCuda
 * natives failed, disabled by the user).
 *
 * @param device the device's name when available, else empty
 */
public record CudaStatus(boolean available, String reason, String device) {

    static CudaStatus unavailable(String reason) {
        return new CudaStatus(false, reason, "");
    }

    /** The line the CLI and designer show once per run when a graph has CUDA blocks. */
    public String fallbackNotice() {
        return "no CUDA device (" + reason + "): CUDA blocks run on the CPU";
    }
}
