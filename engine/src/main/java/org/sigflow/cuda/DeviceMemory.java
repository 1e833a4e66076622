package org.sigflow.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemsetD8Async;

import jcuda.Pointer;
import jcuda.driver.CUstream;

/** Small device buffers a block owns (taps, windows, histories): set up once, not on the data path. */
public final class DeviceMemory {
    private DeviceMemory() {}

    /** A pool page holding {@code values}, copied synchronously (the caller's stream has no work on it yet). */
    public static DevicePage upload(Cuda cuda, float[] values) {
        return upload(cuda, Pointer.to(values), values.length);
    }

    /** A pool page holding {@code values} (a kernel's index table), copied synchronously. */
    public static DevicePage upload(Cuda cuda, int[] values) {
        return upload(cuda, Pointer.to(values), values.length);
    }

    private static DevicePage upload(Cuda cuda, Pointer values, int count) {
        DevicePage p = cuda.devicePool().acquire(Math.max(4L, 4L * count));
        if (count > 0) {
            Cu.check(cuMemcpyHtoD(p.ptr(), values, 4L * count), "cuMemcpyHtoD");
        }
        return p;
    }

    /** A pool page holding the device addresses of {@code pointers} (a kernel's pointer table), copied at once. */
    public static DevicePage uploadAddresses(Cuda cuda, jcuda.driver.CUdeviceptr[] pointers) {
        long[] addresses = new long[pointers.length];
        for (int i = 0; i < pointers.length; i++) {
            addresses[i] = Addresses.of(pointers[i]);
        }
        DevicePage p = cuda.devicePool().acquire(Math.max(8L, 8L * addresses.length));
        Cu.check(cuMemcpyHtoD(p.ptr(), Pointer.to(addresses), 8L * addresses.length), "cuMemcpyHtoD");
        return p;
    }

    /** Overwrites the start of {@code page} with {@code values}, synchronously. */
    public static void overwrite(DevicePage page, float[] values) {
        Cu.check(cuMemcpyHtoD(page.ptr(), Pointer.to(values), 4L * values.length), "cuMemcpyHtoD");
    }

    /** A pool page of at least {@code bytes} bytes, zeroed in {@code stream}'s order. */
    public static DevicePage zeroed(Cuda cuda, long bytes, CUstream stream) {
        DevicePage p = cuda.devicePool().acquire(Math.max(4L, bytes));
        Cu.check(cuMemsetD8Async(p.ptr(), (byte) 0, p.bytes(), stream), "cuMemsetD8Async");
        return p;
    }

    /** Waits for a stream's queued work (rare: before overwriting a buffer its kernels read). */
    public static void drain(CUstream stream) {
        Cu.check(jcuda.driver.JCudaDriver.cuStreamSynchronize(stream), "cuStreamSynchronize");
    }
}
