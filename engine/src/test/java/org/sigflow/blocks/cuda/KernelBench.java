package org.sigflow.blocks.cuda;

import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.Events;

/** Device time of queued kernels for the paper tables of the gpu group: events around repeated launches. */
final class KernelBench {
    private KernelBench() {}

    /** The device, bound to this thread; fails the test (with the reason) where there is none. */
    static Cuda device() {
        org.junit.jupiter.api.Assertions.assertTrue(Cuda.available(),
                () -> "the gpu group needs a CUDA device: " + Cuda.status().reason());
        Cuda cuda = Cuda.get();
        cuda.bindThread();
        return cuda;
    }

    /** Milliseconds per call of {@code launches} (queued on {@code stream}), after one warm-up call. */
    static double millisPerCall(CUstream stream, int reps, Runnable launches) {
        launches.run();
        DeviceMemory.drain(stream);
        CUevent start = Events.timing();
        CUevent stop = Events.timing();
        Events.record(start, stream);
        for (int r = 0; r < reps; r++) {
            launches.run();
        }
        Events.record(stop, stream);
        Events.sync(stop);
        float[] ms = new float[1];
        cuEventElapsedTime(ms, start, stop);
        Events.destroy(start);
        Events.destroy(stop);
        return ms[0] / reps;
    }

    /** The first {@code n} floats at {@code ptr}, copied after the stream's work. */
    static float[] download(CUstream stream, CUdeviceptr ptr, int n) {
        DeviceMemory.drain(stream);
        float[] y = new float[n];
        cuMemcpyDtoH(Pointer.to(y), ptr, 4L * n);
        return y;
    }
}
