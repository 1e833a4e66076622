package org.sigflow.cuda;

import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.ConcurrentHashMap;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUstream;

/**
 * The kernels module (classpath resource {@code sigflow/kernels/sigflow.fatbin}, built by the {@code kernels} Maven
 * module) and launches following its convention ({@code kernel.cuh}): a grid-stride loop over {@code n} items,
 * 256 threads per block, at most 32 blocks per multiprocessor.
 */
public final class Kernels {
    public static final String RESOURCE = "sigflow/kernels/sigflow.fatbin";
    private static final int THREADS = 256;

    private final Cuda cuda;
    private final CUmodule module = new CUmodule();
    private final ConcurrentHashMap<String, CUfunction> functions = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Long> addresses = new ConcurrentHashMap<>();

    Kernels(Cuda cuda) {
        this.cuda = cuda;
        byte[] image;
        try (InputStream in = Kernels.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new KernelsMissingException("the CUDA kernels (" + RESOURCE + ") are not on the class path (this copy was built without nvcc)");
            }
            image = in.readAllBytes();
        } catch (IOException e) {
            throw new KernelsMissingException("the CUDA kernels could not be read: " + e.getMessage());
        }
        Cu.check(cuModuleLoadData(module, image), "cuModuleLoadData(" + RESOURCE + ")");
    }

    public CUfunction function(String name) {
        return functions.computeIfAbsent(name, n -> {
            CUfunction f = new CUfunction();
            Cu.check(cuModuleGetFunction(f, module, n), "cuModuleGetFunction(" + n + ")");
            return f;
        });
    }

    /**
     * Launches kernel {@code name} over {@code n} items on {@code stream}. Arguments: {@link CUdeviceptr} (or null
     * for a null pointer), Long (long long), Integer (int), Float (float), Double (double).
     */
    public void launch(String name, CUstream stream, long n, Object... args) {
        int blocks = (int) Math.max(1, Math.min((n + THREADS - 1) / THREADS, 32L * cuda.multiprocessors()));
        launchGrid(name, stream, blocks, THREADS, 0, args);
    }

    /**
     * Launches a kernel of another module (e.g. one NVRTC compiled), given by its {@code CUfunction} address, over
     * {@code n} items with the same grid as {@link #launch}; always through FFM ({@link Driver}).
     */
    public void launchFunction(long function, String name, CUstream stream, long n, Object... args) {
        int blocks = (int) Math.max(1, Math.min((n + THREADS - 1) / THREADS, 32L * cuda.multiprocessors()));
        Driver.get().launch(function, blocks, 1, THREADS, 0, Addresses.of(stream), LaunchArgs.of(args), name);
    }

    /** Launches with an explicit grid (tiled kernels) and dynamic shared memory. */
    public void launchGrid(String name, CUstream stream, int blocks, int threads, int sharedBytes, Object... args) {
        launchGrid2d(name, stream, blocks, 1, threads, sharedBytes, args);
    }

    /** Launches a {@code blocksX} × {@code blocksY} grid (e.g. tiles × lanes). */
    public void launchGrid2d(String name, CUstream stream, int blocksX, int blocksY, int threads, int sharedBytes,
                             Object... args) {
        if (LaunchPath.current().ffm()) {
            long f = addresses.computeIfAbsent(name, n -> Addresses.of(function(n)));
            Driver.get().launch(f, blocksX, blocksY, threads, sharedBytes, Addresses.of(stream), LaunchArgs.of(args), name);
            return;
        }
        NativePointerObject[] params = new NativePointerObject[args.length];
        for (int i = 0; i < args.length; i++) {
            params[i] = switch (args[i]) {
                case null -> Pointer.to(new CUdeviceptr());
                case CUdeviceptr p -> Pointer.to(p);
                case Long v -> Pointer.to(new long[] {v});
                case Integer v -> Pointer.to(new int[] {v});
                case Float v -> Pointer.to(new float[] {v});
                case Double v -> Pointer.to(new double[] {v});
                default -> throw new IllegalArgumentException("kernel argument of type " + args[i].getClass());
            };
        }
        Cu.check(cuLaunchKernel(function(name), blocksX, blocksY, 1, threads, 1, 1, sharedBytes, stream,
                Pointer.to(params), null), "cuLaunchKernel(" + name + ")");
    }
}
