package org.sigflow.blocks.memory;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sigflow.cuda.Cuda;

/** {@link DeviceVectorsTest} on a GPU: zero-copy (off-heap rings) and staging (heap rings). */
@Tag("gpu")
class GpuDeviceVectorsTest {
    @Test
    void streamCrossesAsVectors() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        DeviceVectorsTest.checkRegrouped(true);
        DeviceVectorsTest.checkRegrouped(false);
    }

    @Test
    void fftOfGroupedStreamIsTheDft() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        DeviceVectorsTest.checkDft(true);
        DeviceVectorsTest.checkDft(false);
    }

    @Test
    void integerStreamWidensIntoVectors() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        DeviceVectorsTest.checkWidened(true);
        DeviceVectorsTest.checkWidened(false);
    }
}
