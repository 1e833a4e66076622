package org.sigflow.blocks.cuda;

import static jcuda.driver.JCudaDriver.cuFuncSetAttribute;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;

/**
 * The FIR as a shared-memory tiled direct form (kernels fir.cu): 256 outputs per thread block, the taps and the
 * input span those outputs need staged in shared memory once. Fastest for short filters (see docs/performance.md).
 */
final class TiledFir implements FirMethod {
    private static final int TILE = 256;
    private static final int DEFAULT_SHARED_LIMIT = 48 * 1024;

    private final Cuda cuda;
    private final CUstream stream;
    private final String kernel;
    private final int tapFloats;
    private final int sampleFloats;
    private final int ntaps;
    private final int decimation;
    private DevicePage taps;
    private int sharedBytes;

    TiledFir(Cuda cuda, CUstream stream, boolean complexInput, boolean complexTaps, int ntaps, int decimation) {
        this.cuda = cuda;
        this.stream = stream;
        this.kernel = "sf_fir_" + (complexInput ? "c" : "r") + (complexTaps ? "c" : "r");
        this.tapFloats = complexTaps ? 2 : 1;
        this.sampleFloats = complexInput ? 2 : 1;
        this.ntaps = ntaps;
        this.decimation = decimation;
    }

    @Override
    public void open(float[] values) {
        taps = DeviceMemory.upload(cuda, values);
        int tapBytes = (4 * tapFloats * ntaps + 15) / 16 * 16;
        sharedBytes = tapBytes + 4 * sampleFloats * ((TILE - 1) * decimation + ntaps);
        if (sharedBytes > DEFAULT_SHARED_LIMIT) {
            int r = cuFuncSetAttribute(cuda.kernels().function(kernel),
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, sharedBytes);
            if (r != 0) {
                throw new IllegalArgumentException(ntaps + " taps at decimation " + decimation + " need "
                        + sharedBytes / 1024 + " KiB of shared memory per thread block, more than this GPU gives");
            }
        }
    }

    @Override
    public void filter(CUdeviceptr in, long items, CUdeviceptr hist, CUdeviceptr out, long nOut) {
        int blocks = (int) ((nOut + TILE - 1) / TILE);
        cuda.kernels().launchGrid(kernel, stream, blocks, TILE, sharedBytes, in, out, nOut, decimation, taps.ptr(),
                ntaps, hist);
    }

    @Override
    public void retap(float[] values) {
        DeviceMemory.overwrite(taps, values);
    }

    @Override
    public void close() {
        if (taps != null) {
            cuda.devicePool().release(taps);
        }
    }
}
