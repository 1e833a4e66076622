package org.sigflow.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * NVRTC (the CUDA runtime compiler) through the Java FFM API: CUDA C source to a cubin for one GPU architecture.
 * Loads whichever of {@code libnvrtc.so.13/.12} the loader finds (by name, under {@code $CUDA_HOME} and
 * {@code /usr/local/cuda*}); JCuda's own NVRTC binding is built against one CUDA version and is not used.
 */
public final class Nvrtc {
    private static volatile Nvrtc instance;
    private static volatile String missing;

    private final String library;
    private final MethodHandle create;
    private final MethodHandle compile;
    private final MethodHandle logSize;
    private final MethodHandle log;
    private final MethodHandle cubinSize;
    private final MethodHandle cubin;
    private final MethodHandle destroy;

    private Nvrtc(String library, SymbolLookup lib) {
        this.library = library;
        Linker l = Linker.nativeLinker();
        create = l.downcallHandle(find(lib, "nvrtcCreateProgram"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
        compile = l.downcallHandle(find(lib, "nvrtcCompileProgram"), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
        logSize = l.downcallHandle(find(lib, "nvrtcGetProgramLogSize"), FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        log = l.downcallHandle(find(lib, "nvrtcGetProgramLog"), FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        cubinSize = l.downcallHandle(find(lib, "nvrtcGetCUBINSize"), FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        cubin = l.downcallHandle(find(lib, "nvrtcGetCUBIN"), FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        destroy = l.downcallHandle(find(lib, "nvrtcDestroyProgram"), FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    private static MemorySegment find(SymbolLookup lib, String name) {
        return lib.find(name).orElseThrow(() -> new CudaException("NVRTC has no symbol " + name));
    }

    /** The binding; throws {@link CudaException} saying where it looked when NVRTC is not installed. */
    public static Nvrtc get() {
        Nvrtc n = instance;
        if (n != null) {
            return n;
        }
        synchronized (Nvrtc.class) {
            if (instance == null && missing == null) {
                List<String> tried = new ArrayList<>();
                for (String name : List.of("libnvrtc.so.13", "libnvrtc.so.12")) {
                    for (String c : Cufft.candidates(name)) {
                        tried.add(c);
                        try {
                            SymbolLookup lib = SymbolLookup.libraryLookup(c, Arena.global());
                            preloadBuiltins(c);
                            instance = new Nvrtc(c, lib);
                            return instance;
                        } catch (IllegalArgumentException e) {
                            // not there: the next
                        }
                    }
                }
                missing = "NVRTC not found (looked for libnvrtc.so.13/.12 by name, under $CUDA_HOME and /usr/local/cuda*)";
            }
            if (instance == null) {
                throw new CudaException(missing);
            }
            return instance;
        }
    }

    /**
     * NVRTC opens {@code libnvrtc-builtins.so.*} by name when it compiles; loading it first from the folder NVRTC
     * was found in makes that work without {@code LD_LIBRARY_PATH} (the loader matches the loaded library's name).
     */
    private static void preloadBuiltins(String nvrtcPath) {
        java.nio.file.Path dir = java.nio.file.Path.of(nvrtcPath).getParent();
        if (dir == null) {
            return; // found by name: the loader's path finds the builtins too
        }
        try (var files = java.nio.file.Files.newDirectoryStream(dir, "libnvrtc-builtins.so*")) {
            for (java.nio.file.Path f : files) {
                try {
                    SymbolLookup.libraryLookup(f, Arena.global());
                } catch (IllegalArgumentException e) {
                    // another version's builtins: NVRTC loads its own
                }
            }
        } catch (java.io.IOException e) {
            // unreadable folder: NVRTC reports a missing builtins library itself
        }
    }

    public String library() {
        return library;
    }

    /**
     * Compiles {@code source} for {@code sm_<arch>} (e.g. 90) into a cubin.
     *
     * @throws CudaException with NVRTC's log when the source does not compile
     */
    public byte[] compile(String source, String name, int arch) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment prog = a.allocate(ADDRESS);
            check((int) create.invokeExact(prog, a.allocateFrom(source), a.allocateFrom(name), 0, MemorySegment.NULL,
                    MemorySegment.NULL), "nvrtcCreateProgram");
            MemorySegment p = prog.get(ADDRESS, 0);
            try {
                String[] opts = {"--gpu-architecture=sm_" + arch, "--std=c++17"};
                MemorySegment optArray = a.allocate(ADDRESS, opts.length);
                for (int i = 0; i < opts.length; i++) {
                    optArray.setAtIndex(ADDRESS, i, a.allocateFrom(opts[i]));
                }
                int r = (int) compile.invokeExact(p, opts.length, optArray);
                if (r != 0) {
                    throw new CudaException("NVRTC could not compile " + name + " (nvrtcResult " + r + "): " + log(a, p));
                }
                MemorySegment size = a.allocate(JAVA_LONG);
                check((int) cubinSize.invokeExact(p, size), "nvrtcGetCUBINSize");
                MemorySegment out = a.allocate(size.get(JAVA_LONG, 0));
                check((int) cubin.invokeExact(p, out), "nvrtcGetCUBIN");
                return out.toArray(JAVA_BYTE);
            } finally {
                int ignored = (int) destroy.invokeExact(prog);
            }
        } catch (CudaException e) {
            throw e;
        } catch (Throwable t) {
            throw new CudaException("NVRTC call failed: " + t);
        }
    }

    private String log(Arena a, MemorySegment p) throws Throwable {
        MemorySegment size = a.allocate(JAVA_LONG);
        check((int) logSize.invokeExact(p, size), "nvrtcGetProgramLogSize");
        MemorySegment text = a.allocate(Math.max(1, size.get(JAVA_LONG, 0)));
        check((int) log.invokeExact(p, text), "nvrtcGetProgramLog");
        return text.getString(0).strip();
    }

    private static void check(int r, String call) {
        if (r != 0) {
            throw new CudaException(call + " failed: nvrtcResult " + r);
        }
    }
}
