package org.sigflow.cuda;

import jcuda.driver.CUresult;

/** Checks a CUDA driver call's result: anything but success becomes a {@link CudaException} naming the call. */
final class Cu {
    private Cu() {}

    static void check(int result, String call) {
        if (result != CUresult.CUDA_SUCCESS) {
            throw new CudaException(call + " failed: " + CUresult.stringFor(result));
        }
    }
}
