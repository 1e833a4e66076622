package org.sigflow.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import jcuda.driver.CUresult;

/**
 * The driver calls a CUDA block makes for every page ({@code cuLaunchKernel}, event records and waits, graph
 * launches, stream capture), bound through the Java FFM API on {@code libcuda.so.1}: a downcall costs tens of
 * nanoseconds where JCuda's JNI path (arrays of {@code Pointer} objects walked per launch) costs microseconds, which
 * at 4 Ki-item pages is most of a page's host time. Handles are raw addresses (see {@link Addresses}); everything
 * else (set-up, allocation) stays on JCuda. {@link #get()} is null when the library or a symbol is missing.
 */
public final class Driver {
    /** {@code CU_EVENT_RECORD_EXTERNAL}: under stream capture, the record becomes an event-record node. */
    public static final int RECORD_EXTERNAL = 1;
    /** {@code CU_EVENT_WAIT_EXTERNAL}: under stream capture, the wait becomes an event-wait node. */
    public static final int WAIT_EXTERNAL = 1;
    /** {@code CU_STREAM_CAPTURE_MODE_RELAXED}: capture does not restrict other threads' driver calls. */
    private static final int CAPTURE_RELAXED = 2;

    private static final Driver INSTANCE = load();

    private final MethodHandle launchKernel;
    private final MethodHandle eventRecord;
    private final MethodHandle eventRecordWithFlags;
    private final MethodHandle streamWaitEvent;
    private final MethodHandle eventQuery;
    private final MethodHandle eventElapsed;
    private final MethodHandle beginCapture;
    private final MethodHandle endCapture;
    private final MethodHandle instantiate;
    private final MethodHandle graphLaunch;
    private final MethodHandle graphDestroy;
    private final MethodHandle graphExecDestroy;
    private final MethodHandle moduleLoadData;
    private final MethodHandle moduleGetFunction;
    private final MethodHandle moduleUnload;
    private final MethodHandle copyHtoD;
    private final MethodHandle copyDtoH;
    private final MethodHandle eventSync;

    private Driver(SymbolLookup lib) {
        Linker l = Linker.nativeLinker();
        launchKernel = l.downcallHandle(find(lib, "cuLaunchKernel"), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT,
                JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        eventRecord = l.downcallHandle(find(lib, "cuEventRecord"), FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        eventRecordWithFlags = l.downcallHandle(find(lib, "cuEventRecordWithFlags"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        streamWaitEvent = l.downcallHandle(find(lib, "cuStreamWaitEvent"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        eventQuery = l.downcallHandle(find(lib, "cuEventQuery"), FunctionDescriptor.of(JAVA_INT, ADDRESS));
        eventElapsed = l.downcallHandle(find(lib, "cuEventElapsedTime"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        beginCapture = l.downcallHandle(find(lib, "cuStreamBeginCapture_v2", "cuStreamBeginCapture"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        endCapture = l.downcallHandle(find(lib, "cuStreamEndCapture"), FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        instantiate = l.downcallHandle(find(lib, "cuGraphInstantiateWithFlags"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
        graphLaunch = l.downcallHandle(find(lib, "cuGraphLaunch"), FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        graphDestroy = l.downcallHandle(find(lib, "cuGraphDestroy"), FunctionDescriptor.of(JAVA_INT, ADDRESS));
        graphExecDestroy = l.downcallHandle(find(lib, "cuGraphExecDestroy"), FunctionDescriptor.of(JAVA_INT, ADDRESS));
        moduleLoadData = l.downcallHandle(find(lib, "cuModuleLoadData"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        moduleGetFunction = l.downcallHandle(find(lib, "cuModuleGetFunction"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        moduleUnload = l.downcallHandle(find(lib, "cuModuleUnload"), FunctionDescriptor.of(JAVA_INT, ADDRESS));
        copyHtoD = l.downcallHandle(find(lib, "cuMemcpyHtoDAsync_v2", "cuMemcpyHtoDAsync"),
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS));
        eventSync = l.downcallHandle(find(lib, "cuEventSynchronize"), FunctionDescriptor.of(JAVA_INT, ADDRESS));
        copyDtoH = l.downcallHandle(find(lib, "cuMemcpyDtoHAsync_v2", "cuMemcpyDtoHAsync"),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS));
    }

    private static MemorySegment find(SymbolLookup lib, String... names) {
        for (String n : names) {
            var s = lib.find(n);
            if (s.isPresent()) {
                return s.get();
            }
        }
        throw new IllegalArgumentException("libcuda has no " + names[0]);
    }

    private static Driver load() {
        try {
            return new Driver(SymbolLookup.libraryLookup("libcuda.so.1", Arena.global()));
        } catch (IllegalArgumentException | UnsupportedOperationException | IllegalCallerException e) {
            return null;
        }
    }

    /** The binding, or null where {@code libcuda.so.1} (or one of its symbols) is missing. */
    public static Driver get() {
        return INSTANCE;
    }

    private static MemorySegment a(long address) {
        return MemorySegment.ofAddress(address);
    }

    private static void check(int r, String call) {
        if (r != CUresult.CUDA_SUCCESS) {
            throw new CudaException(call + " failed: " + CUresult.stringFor(r));
        }
    }

    private static CudaException failed(String call, Throwable t) {
        return t instanceof CudaException c ? c : new CudaException(call + " failed: " + t);
    }

    /** {@code cuLaunchKernel} with {@code params} a {@code void*[]} of pointers to the argument values. */
    public void launch(long function, int gx, int gy, int threads, int shared, long stream, MemorySegment params,
                       String name) {
        try {
            check((int) launchKernel.invokeExact(a(function), gx, gy, 1, threads, 1, 1, shared, a(stream), params,
                    MemorySegment.NULL), "cuLaunchKernel(" + name + ")");
        } catch (Throwable t) {
            throw failed("cuLaunchKernel(" + name + ")", t);
        }
    }

    /** {@code cuMemcpyHtoDAsync}: {@code bytes} from host address {@code src} (pinned) to device address {@code dst}. */
    public void copyHtoD(long dst, long src, long bytes, long stream) {
        try {
            check((int) copyHtoD.invokeExact(dst, a(src), bytes, a(stream)), "cuMemcpyHtoDAsync");
        } catch (Throwable t) {
            throw failed("cuMemcpyHtoDAsync", t);
        }
    }

    /** {@code cuMemcpyDtoHAsync}: {@code bytes} from device address {@code src} to host address {@code dst} (pinned). */
    public void copyDtoH(long dst, long src, long bytes, long stream) {
        try {
            check((int) copyDtoH.invokeExact(a(dst), src, bytes, a(stream)), "cuMemcpyDtoHAsync");
        } catch (Throwable t) {
            throw failed("cuMemcpyDtoHAsync", t);
        }
    }

    /** {@code cuEventSynchronize}: the host waits for the event's last record. */
    public void sync(long event) {
        try {
            check((int) eventSync.invokeExact(a(event)), "cuEventSynchronize");
        } catch (Throwable t) {
            throw failed("cuEventSynchronize", t);
        }
    }

    public void record(long event, long stream) {
        try {
            check((int) eventRecord.invokeExact(a(event), a(stream)), "cuEventRecord");
        } catch (Throwable t) {
            throw failed("cuEventRecord", t);
        }
    }

    /** A record that becomes a node of the graph being captured on {@code stream}. */
    public void recordExternal(long event, long stream) {
        try {
            check((int) eventRecordWithFlags.invokeExact(a(event), a(stream), RECORD_EXTERNAL), "cuEventRecordWithFlags");
        } catch (Throwable t) {
            throw failed("cuEventRecordWithFlags", t);
        }
    }

    public void await(long stream, long event, int flags) {
        try {
            check((int) streamWaitEvent.invokeExact(a(stream), a(event), flags), "cuStreamWaitEvent");
        } catch (Throwable t) {
            throw failed("cuStreamWaitEvent", t);
        }
    }

    /** {@code cuEventQuery}'s raw result (success, or not ready, or an error). */
    public int query(long event) {
        try {
            return (int) eventQuery.invokeExact(a(event));
        } catch (Throwable t) {
            throw failed("cuEventQuery", t);
        }
    }

    /** Milliseconds between two completed events ({@code scratch}: 4 bytes the caller keeps). */
    public float elapsed(long start, long end, MemorySegment scratch) {
        try {
            check((int) eventElapsed.invokeExact(scratch, a(start), a(end)), "cuEventElapsedTime");
            return scratch.get(JAVA_FLOAT, 0);
        } catch (Throwable t) {
            throw failed("cuEventElapsedTime", t);
        }
    }

    public void beginCapture(long stream) {
        try {
            check((int) beginCapture.invokeExact(a(stream), CAPTURE_RELAXED), "cuStreamBeginCapture");
        } catch (Throwable t) {
            throw failed("cuStreamBeginCapture", t);
        }
    }

    /** Ends a capture; returns the graph (0 when the capture was invalidated: the error is then thrown). */
    public long endCapture(long stream) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment g = arena.allocate(ADDRESS);
            int r = (int) endCapture.invokeExact(a(stream), g);
            long graph = g.get(ADDRESS, 0).address();
            if (r != CUresult.CUDA_SUCCESS && graph != 0) {
                destroyGraph(graph);
            }
            check(r, "cuStreamEndCapture");
            return graph;
        } catch (Throwable t) {
            throw failed("cuStreamEndCapture", t);
        }
    }

    /** Instantiates {@code graph} (which the caller still owns) as an executable graph. */
    public long instantiate(long graph) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment e = arena.allocate(ADDRESS);
            check((int) instantiate.invokeExact(e, a(graph), 0L), "cuGraphInstantiateWithFlags");
            return e.get(ADDRESS, 0).address();
        } catch (Throwable t) {
            throw failed("cuGraphInstantiateWithFlags", t);
        }
    }

    public void launchGraph(long exec, long stream) {
        try {
            check((int) graphLaunch.invokeExact(a(exec), a(stream)), "cuGraphLaunch");
        } catch (Throwable t) {
            throw failed("cuGraphLaunch", t);
        }
    }

    public void destroyGraph(long graph) {
        try {
            int ignored = (int) graphDestroy.invokeExact(a(graph));
        } catch (Throwable t) {
            // nothing to do at release time
        }
    }

    public void destroyExec(long exec) {
        try {
            int ignored = (int) graphExecDestroy.invokeExact(a(exec));
        } catch (Throwable t) {
            // nothing to do at release time
        }
    }

    /** Loads a module image (cubin or PTX, NUL-terminated for PTX); returns the module handle. */
    public long loadModule(byte[] image) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = arena.allocate(ADDRESS);
            MemorySegment img = arena.allocate(image.length + 1L);
            MemorySegment.copy(image, 0, img, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, image.length);
            check((int) moduleLoadData.invokeExact(m, img), "cuModuleLoadData");
            return m.get(ADDRESS, 0).address();
        } catch (Throwable t) {
            throw failed("cuModuleLoadData", t);
        }
    }

    public long function(long module, String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment f = arena.allocate(ADDRESS);
            check((int) moduleGetFunction.invokeExact(f, a(module), arena.allocateFrom(name)),
                    "cuModuleGetFunction(" + name + ")");
            return f.get(ADDRESS, 0).address();
        } catch (Throwable t) {
            throw failed("cuModuleGetFunction(" + name + ")", t);
        }
    }

    public void unloadModule(long module) {
        try {
            int ignored = (int) moduleUnload.invokeExact(a(module));
        } catch (Throwable t) {
            // nothing to do at release time
        }
    }
}
