package org.sigflow.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;

/**
 * cuFFT through the Java FFM API, on memory and streams made with JCuda (JCufft's newest artifact needs
 * {@code libcufft.so.10} and cannot load on CUDA 12/13). Loads whichever of {@code libcufft.so.12/.11/.10} the
 * loader finds, by name or under {@code $CUDA_HOME} and {@code /usr/local/cuda*}. Complex-to-complex fp32 only.
 */
public final class Cufft {
    private static final int CUFFT_C2C = 0x29;
    public static final int FORWARD = -1;
    public static final int INVERSE = 1;
    private static volatile Cufft instance;

    private final String library;
    private final MethodHandle plan1d;
    private final MethodHandle planMany;
    private final MethodHandle setStream;
    private final MethodHandle execC2C;
    private final MethodHandle destroy;

    private Cufft(String library, SymbolLookup lookup) {
        this.library = library;
        Linker linker = Linker.nativeLinker();
        plan1d = linker.downcallHandle(find(lookup, "cufftPlan1d"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT));
        planMany = linker.downcallHandle(find(lookup, "cufftPlanMany"), FunctionDescriptor.of(JAVA_INT, ADDRESS,
                JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
        setStream = linker.downcallHandle(find(lookup, "cufftSetStream"),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
        execC2C = linker.downcallHandle(find(lookup, "cufftExecC2C"),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        destroy = linker.downcallHandle(find(lookup, "cufftDestroy"), FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name).orElseThrow(() -> new CudaException("cuFFT has no symbol " + name));
    }

    /** The binding (loaded once). */
    public static Cufft get() {
        Cufft c = instance;
        if (c == null) {
            synchronized (Cufft.class) {
                c = instance;
                if (c == null) {
                    c = load();
                    instance = c;
                }
            }
        }
        return c;
    }

    private static Cufft load() {
        List<String> tried = new ArrayList<>();
        for (String name : List.of("libcufft.so.12", "libcufft.so.11", "libcufft.so.10")) {
            for (String candidate : candidates(name)) {
                tried.add(candidate);
                try {
                    return new Cufft(candidate, SymbolLookup.libraryLookup(candidate, Arena.global()));
                } catch (IllegalArgumentException e) {
                    // not there: try the next
                }
            }
        }
        throw new CudaException("cuFFT not found (looked for libcufft.so.12/.11/.10 by name, under $CUDA_HOME "
                + "and /usr/local/cuda*); the CUDA FFT needs the CUDA toolkit's cuFFT library");
    }

    /** {@code name} itself, then the files of that name under {@code $CUDA_HOME} and {@code /usr/local/cuda*} (NVRTC uses it too). */
    static List<String> candidates(String name) {
        List<String> out = new ArrayList<>();
        out.add(name);
        List<Path> roots = new ArrayList<>();
        String home = System.getenv("CUDA_HOME");
        if (home != null) {
            roots.add(Path.of(home));
        }
        try (var dirs = Files.newDirectoryStream(Path.of("/usr/local"), "cuda*")) {
            dirs.forEach(roots::add);
        } catch (java.io.IOException | RuntimeException e) {
            // no /usr/local/cuda*
        }
        for (Path r : roots) {
            for (String sub : List.of("lib64", "targets/x86_64-linux/lib", "lib")) {
                Path p = r.resolve(sub).resolve(name);
                if (Files.exists(p)) {
                    out.add(p.toString());
                }
            }
        }
        return out;
    }

    public String library() {
        return library;
    }

    /** A batched 1-D C2C plan of {@code size} points, running on {@code stream}. */
    public int plan(int size, int batch, CUstream stream) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment handle = a.allocate(JAVA_INT);
            check((int) plan1d.invokeExact(handle, size, CUFFT_C2C, batch), "cufftPlan1d(" + size + ", " + batch + ")");
            return onStream(handle.get(JAVA_INT, 0), stream);
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw new CudaException("cuFFT call failed: " + t);
        }
    }

    /**
     * A batched 1-D C2C plan reading contiguous frames and writing point {@code k} of frame {@code b} to
     * {@code out[k * ostride + b * odist]} (cuFFT's advanced layout: e.g. a transposed output), on {@code stream}.
     */
    public int planStrided(int size, int batch, int ostride, int odist, CUstream stream) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment handle = a.allocate(JAVA_INT);
            MemorySegment n = a.allocateFrom(JAVA_INT, size);
            MemorySegment inEmbed = a.allocateFrom(JAVA_INT, size);
            MemorySegment outEmbed = a.allocateFrom(JAVA_INT, Math.max(size, ostride * size));
            check((int) planMany.invokeExact(handle, 1, n, inEmbed, 1, size, outEmbed, ostride, odist, CUFFT_C2C,
                    batch), "cufftPlanMany(" + size + ", " + batch + ")");
            return onStream(handle.get(JAVA_INT, 0), stream);
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw new CudaException("cuFFT call failed: " + t);
        }
    }

    private int onStream(int plan, CUstream stream) throws Throwable {
        check((int) setStream.invokeExact(plan, MemorySegment.ofAddress(Addresses.of(stream))), "cufftSetStream");
        return plan;
    }

    /** Queues a transform on the plan's stream; {@code in == out} is in place. */
    public void execute(int plan, CUdeviceptr in, CUdeviceptr out, int direction) {
        try {
            check((int) execC2C.invokeExact(plan, MemorySegment.ofAddress(Addresses.of(in)),
                    MemorySegment.ofAddress(Addresses.of(out)), direction), "cufftExecC2C");
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw new CudaException("cuFFT call failed: " + t);
        }
    }

    public void destroy(int plan) {
        try {
            int r = (int) destroy.invokeExact(plan);
            check(r, "cufftDestroy");
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw new CudaException("cuFFT call failed: " + t);
        }
    }

    private static void check(int result, String call) {
        if (result != 0) {
            throw new CudaException(call + " failed: cufftResult " + result);
        }
    }
}
