package org.sigflow.cuda;

/** A CUDA driver or cuFFT call failed; the message names the call and the error. */
public final class CudaException extends RuntimeException {
    public CudaException(String message) {
        super(message);
    }
}
