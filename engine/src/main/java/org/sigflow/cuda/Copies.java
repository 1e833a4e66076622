package org.sigflow.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;

/**
 * The memory nodes' asynchronous copies between pinned host memory and device pages, through the FFM binding where
 * the launch path uses it ({@link Driver}: a downcall of tens of nanoseconds, no {@code Pointer} objects per call),
 * else JCuda. Host memory is given as a raw address ({@code MemorySegment.address()} of a pinned ring or staging page).
 */
public final class Copies {
    private Copies() {}

    /** Queues {@code bytes} from host address {@code src} to {@code dst + dstOffset} on {@code stream}. */
    public static void toDevice(CUdeviceptr dst, long dstOffset, long src, long bytes, CUstream stream) {
        Driver d = LaunchPath.current().ffm() ? Driver.get() : null;
        if (d != null) {
            d.copyHtoD(Addresses.of(dst) + dstOffset, src, bytes, Addresses.of(stream));
            return;
        }
        check(cuMemcpyHtoDAsync(dst.withByteOffset(dstOffset), Pointer.to(segment(src, bytes)), bytes, stream),
                "cuMemcpyHtoDAsync");
    }

    /** Queues {@code bytes} from {@code src + srcOffset} to host address {@code dst} on {@code stream}. */
    public static void toHost(long dst, CUdeviceptr src, long srcOffset, long bytes, CUstream stream) {
        Driver d = LaunchPath.current().ffm() ? Driver.get() : null;
        if (d != null) {
            d.copyDtoH(dst, Addresses.of(src) + srcOffset, bytes, Addresses.of(stream));
            return;
        }
        check(cuMemcpyDtoHAsync(Pointer.to(segment(dst, bytes)), src.withByteOffset(srcOffset), bytes, stream),
                "cuMemcpyDtoHAsync");
    }

    private static java.nio.ByteBuffer segment(long address, long bytes) {
        return java.lang.foreign.MemorySegment.ofAddress(address).reinterpret(bytes).asByteBuffer();
    }

    private static void check(int r, String call) {
        if (r != CUresult.CUDA_SUCCESS) {
            throw new CudaException(call + " failed: " + CUresult.stringFor(r));
        }
    }
}
