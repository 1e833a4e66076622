package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import jcuda.driver.CUstream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.Cufft;
import org.sigflow.cuda.DeviceMemory;
import org.sigflow.cuda.DevicePage;
import org.sigflow.cuda.Events;

/**
 * The WirelessHD paper's table on today's GPU: ns per 512-point FFT and GFLOP/s (5 N log2 N per transform) of cuFFT
 * and of the paper's kernel, batched, device-resident data. The paper's kernel must give cuFFT's spectrum
 * (relative L2 error <= 2e-5); the timings are printed ({@code FFT512} lines) for docs/research.md.
 */
@Tag("gpu")
class Fft512MethodsGpuTest {

    @Test
    void thePaperKernelMatchesCufftAndIsTimed() {
        Cuda cuda = KernelBench.device();
        CUstream stream = Events.stream();
        Cufft cufft = Cufft.get();
        System.out.println("FFT512 batch method ns/FFT GFLOP/s (" + Cuda.status().device() + ")");
        for (int batch : new int[] {16, 1024, 16384, 131072}) {
            int n = 2 * 512 * batch;
            float[] x = new float[n];
            Random r = new Random(batch);
            for (int i = 0; i < n; i++) {
                x[i] = (float) r.nextGaussian();
            }
            DevicePage in = DeviceMemory.upload(cuda, x);
            DevicePage a = cuda.devicePool().acquire(4L * n);
            DevicePage b = cuda.devicePool().acquire(4L * n);
            int plan = cufft.plan(512, batch, stream);
            double cu = KernelBench.millisPerCall(stream, 50,
                    () -> cufft.execute(plan, in.ptr(), a.ptr(), Cufft.FORWARD));
            double paper = KernelBench.millisPerCall(stream, 50,
                    () -> PaperFft512.launch(cuda, stream, in.ptr(), b.ptr(), batch, false));
            float[] want = KernelBench.download(stream, a.ptr(), n);
            float[] got = KernelBench.download(stream, b.ptr(), n);
            double err = TwinChains.relativeError(got, want);
            for (String m : new String[] {"cufft", "paper_512"}) {
                double ns = (m.equals("cufft") ? cu : paper) * 1e6 / batch;
                System.out.printf("FFT512 %6d %-9s %8.2f %8.1f%n", batch, m, ns, 5.0 * 512 * 9 / ns);
            }
            System.out.printf("FFT512 %6d paper vs cuFFT relative error %.2e%n", batch, err);
            assertTrue(err <= 2e-5, "paper kernel vs cuFFT at batch " + batch + ": " + err);
            cufft.destroy(plan);
            cuda.devicePool().release(in);
            cuda.devicePool().release(a);
            cuda.devicePool().release(b);
        }
        Events.close(stream);
    }
}
