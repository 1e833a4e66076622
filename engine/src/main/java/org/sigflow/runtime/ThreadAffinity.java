package org.sigflow.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * Pins the calling platform thread to a set of CPUs ({@code sched_setaffinity} through FFM). Where that is not
 * available (no native access, not Linux) or refused, nothing changes and the thread runs where it ran.
 *
 * <p>A thread Linux starts inherits its starter's CPUs, and the JDK starts a virtual-thread carrier on whichever thread
 * wakes a virtual thread while the carrier pool is below its size: a pinned thread can thereby leave carriers confined
 * to its CPU, and every virtual-thread block that lands on them with it. So once anything was pinned, a runner on a
 * virtual thread gives its carrier back every CPU before each work call ({@link #releaseCarrier}).
 */
public final class ThreadAffinity {
    private ThreadAffinity() {}

    private static final MethodHandle SET_AFFINITY = LibC.bind("sched_setaffinity",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS));
    /**
     * The CPUs the process may use, counted when this class loads, before it pins anything: the JDK's
     * {@code availableProcessors()} counts the calling thread's affinity, 1 on a pinned thread.
     */
    private static final List<Integer> ALL = java.util.stream.IntStream
            .range(0, Runtime.getRuntime().availableProcessors()).boxed().toList();
    private static volatile boolean pinnedAny;

    /** Pins the calling thread to {@code cpus}; false where that failed or is not available. */
    public static boolean pin(List<Integer> cpus) {
        if (SET_AFFINITY == null || cpus.isEmpty()) {
            return false;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment mask = a.allocate(128); // cpu_set_t: 1024 bits
            for (int c : cpus) {
                mask.set(JAVA_BYTE, c / 8, (byte) (mask.get(JAVA_BYTE, c / 8) | (1 << (c % 8))));
            }
            boolean ok = (int) SET_AFFINITY.invokeExact(0, 128L, mask) == 0;
            if (ok && !cpus.containsAll(ALL)) {
                pinnedAny = true;
            }
            return ok;
        } catch (Throwable t) {
            return false;
        }
    }

    /** How many CPUs the process may use (as {@link #ALL}): what thread placement deals from. */
    public static int cpuCount() {
        return ALL.size();
    }

    /** True once a thread of this process was pinned to fewer than all CPUs: carriers may since carry a pin. */
    public static boolean anyPinned() {
        return pinnedAny;
    }

    /** From a virtual thread: lets its carrier run on every CPU again (a no-op where pinning is not available). */
    public static void releaseCarrier() {
        pin(ALL);
    }
}
