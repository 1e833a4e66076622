package org.sigflow.cuda;

import static jcuda.driver.JCudaDriver.cuCtxGetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuInit;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUresult;

/**
 * One CUDA device of the process: its primary context (the one cuFFT's runtime API uses too), its kernels module
 * and memory pools. {@link #status()} probes device 0 once and never throws; {@link #get()} (device 0) and
 * {@link #get(int)} are for code that runs only when CUDA is available; other devices are set up on first use. Every
 * thread that calls the driver first calls {@link #bindThread()} of the device it works on.
 *
 * <p>{@code -Dsigflow.cuda=off} or {@code SIGFLOW_CUDA=off} turns CUDA off (CUDA blocks then run on the CPU).
 */
public final class Cuda {
    private static volatile CudaStatus status;
    private static volatile Cuda instance;
    private static volatile int deviceCount;
    private static final java.util.Map<Integer, Cuda> others = new java.util.HashMap<>();

    private final int device;
    private final String name;
    private final CUcontext context;
    private final int multiprocessors;
    private final Kernels kernels;
    private final DevicePool devicePool = new DevicePool();
    private final PinnedPool pinnedPool = new PinnedPool();

    private Cuda(int device, String name, CUcontext context, int multiprocessors) {
        this.device = device;
        this.name = name;
        this.context = context;
        this.multiprocessors = multiprocessors;
        bindThread();
        this.kernels = new Kernels(this);
    }

    /** Probes the driver and device once (the first call may take a second); never throws. */
    public static CudaStatus status() {
        CudaStatus s = status;
        if (s == null) {
            synchronized (Cuda.class) {
                s = status;
                if (s == null) {
                    s = probe();
                    status = s;
                }
            }
        }
        return s;
    }

    /** True when CUDA blocks run on the GPU in this process. */
    public static boolean available() {
        return status().available();
    }

    /** The device; only when {@link #available()}. */
    public static Cuda get() {
        Cuda c = instance;
        if (c == null) {
            throw new IllegalStateException("CUDA is not available: " + status().reason());
        }
        return c;
    }

    /** CUDA devices this process can use (0 when CUDA is not available). */
    public static int deviceCount() {
        return available() ? deviceCount : 0;
    }

    /**
     * Device {@code index} (set up on first use; the calling thread's current context is left as it was).
     *
     * @throws IllegalArgumentException when there is no such device (the message says how many there are)
     */
    public static Cuda get(int index) {
        Cuda first = get();
        if (index == 0) {
            return first;
        }
        if (index < 0 || index >= deviceCount) {
            throw new IllegalArgumentException("device " + index + " does not exist; this machine has "
                    + GpuCount.words(deviceCount));
        }
        synchronized (others) {
            Cuda c = others.get(index);
            if (c == null) {
                CUcontext previous = new CUcontext();
                Cu.check(cuCtxGetCurrent(previous), "cuCtxGetCurrent");
                try {
                    c = open(index);
                } finally {
                    cuCtxSetCurrent(previous);
                }
                others.put(index, c);
            }
            return c;
        }
    }

    /** Retains device {@code index}'s primary context and loads the kernels into it (binds the calling thread). */
    private static Cuda open(int index) {
        CUdevice dev = new CUdevice();
        Cu.check(cuDeviceGet(dev, index), "cuDeviceGet(" + index + ")");
        byte[] name = new byte[256];
        Cu.check(cuDeviceGetName(name, name.length, dev), "cuDeviceGetName");
        int[] v = {0};
        Cu.check(cuDeviceGetAttribute(v, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev),
                "cuDeviceGetAttribute");
        CUcontext ctx = new CUcontext();
        Cu.check(cuDevicePrimaryCtxRetain(ctx, dev), "cuDevicePrimaryCtxRetain");
        String deviceName = new String(name, java.nio.charset.StandardCharsets.US_ASCII).trim().replace("\0", "");
        return new Cuda(index, deviceName, ctx, v[0]);
    }

    private static CudaStatus probe() {
        String off = System.getProperty("sigflow.cuda", System.getenv().getOrDefault("SIGFLOW_CUDA", "on"));
        if (off.equalsIgnoreCase("off") || off.equalsIgnoreCase("false")) {
            return CudaStatus.unavailable("turned off by " + (System.getProperty("sigflow.cuda") != null
                    ? "-Dsigflow.cuda=" + off : "SIGFLOW_CUDA=" + off));
        }
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup.libraryLookup("libcuda.so.1", arena);
        } catch (IllegalArgumentException | UnsupportedOperationException | IllegalCallerException e) {
            return CudaStatus.unavailable("no NVIDIA driver: libcuda.so.1 not found");
        }
        try {
            int r = cuInit(0);
            if (r != CUresult.CUDA_SUCCESS) {
                return CudaStatus.unavailable("the driver did not start: cuInit returned " + CUresult.stringFor(r));
            }
            int[] count = {0};
            Cu.check(cuDeviceGetCount(count), "cuDeviceGetCount");
            if (count[0] == 0) {
                return CudaStatus.unavailable("the driver sees no CUDA device");
            }
            deviceCount = count[0];
            instance = open(0);
            return new CudaStatus(true, "", instance.name);
        } catch (UnsatisfiedLinkError | NoClassDefFoundError | ExceptionInInitializerError e) {
            return CudaStatus.unavailable("JCuda's native library failed to load: " + oneLine(e));
        } catch (CudaException | KernelsMissingException e) {
            return CudaStatus.unavailable(e.getMessage());
        } catch (RuntimeException e) {
            return CudaStatus.unavailable("CUDA set-up failed: " + oneLine(e));
        }
    }

    private static String oneLine(Throwable e) {
        Throwable t = e.getCause() != null && e.getMessage() == null ? e.getCause() : e;
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** Makes the device's context current on the calling thread (once per thread; cheap to repeat). */
    public void bindThread() {
        Cu.check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
    }

    /** This device's index (0, 1, …). */
    public int device() {
        return device;
    }

    /** The device's name, e.g. "NVIDIA H100 80GB HBM3". */
    public String name() {
        return name;
    }

    CUcontext context() {
        return context;
    }

    public int multiprocessors() {
        return multiprocessors;
    }

    public Kernels kernels() {
        return kernels;
    }

    public DevicePool devicePool() {
        return devicePool;
    }

    public PinnedPool pinnedPool() {
        return pinnedPool;
    }
}
