package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import jcuda.driver.CUstream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.cuda.Events;
import org.sigflow.dsp.WalshHadamard;

/**
 * The iterative-updating paper's Table 1 on today's GPU: the Walsh–Hadamard kernel over 4096 vectors (and a large
 * batch) for q = 2 … 256, conflict-free vs naive vs random shared-memory ordering. Both orderings must give the CPU
 * transform's floats exactly; the timings are printed ({@code WHT} lines) for docs/research.md.
 */
@Tag("gpu")
class WhtOrderingGpuTest {

    @Test
    void bothOrderingsGiveTheCpuTransformAndAreTimed() {
        Cuda cuda = KernelBench.device();
        CUstream stream = Events.stream();
        System.out.println("WHT q vectors ordering us/call ns/vector GB/s (" + Cuda.status().device() + ")");
        for (int vectorsTotal : new int[] {4096, 1 << 18}) {
            for (int m = 1; m <= 8; m++) {
                int q = 1 << m;
                int n = q * vectorsTotal;
                float[] x = new float[n];
                Random r = new Random(q);
                for (int i = 0; i < n; i++) {
                    x[i] = (float) r.nextGaussian();
                }
                float[] want = new float[n];
                WalshHadamard.transform(x, 0, want, 0, q, vectorsTotal, 1f);
                DevicePage in = DeviceMemory.upload(cuda, x);
                DevicePage out = cuda.devicePool().acquire(4L * n);
                for (String ordering : new String[] {"conflict_free", "naive", "random"}) {
                    String kernel = WhtCuda.kernel(ordering);
                    int b = WhtCuda.vectorsPerBlock(q);
                    int blocks = (int) Math.min((vectorsTotal + b - 1) / b, 32L * cuda.multiprocessors());
                    int logq = m;
                    double ms = KernelBench.millisPerCall(stream, 50, () -> cuda.kernels().launchGrid(kernel, stream,
                            blocks, WhtCuda.THREADS, WhtCuda.sharedBytes(q, ordering), in.ptr(), out.ptr(),
                            (long) vectorsTotal, q, logq, b, 1f));
                    assertArrayEquals(want, KernelBench.download(stream, out.ptr(), n), 0f, kernel + " q=" + q);
                    System.out.printf("WHT %3d %7d %-13s %9.2f %8.3f %7.1f%n", q, vectorsTotal,
                            ordering, ms * 1e3, ms * 1e6 / vectorsTotal,
                            8.0 * n / (ms * 1e6));
                }
                cuda.devicePool().release(in);
                cuda.devicePool().release(out);
            }
        }
        Events.close(stream);
    }
}
