package org.sigflow.cuda;

/** The compiled kernels (the {@code kernels} module's fatbin) are not on the class path. */
final class KernelsMissingException extends RuntimeException {
    KernelsMissingException(String message) {
        super(message);
    }
}
