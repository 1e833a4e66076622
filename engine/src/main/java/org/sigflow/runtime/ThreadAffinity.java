package org.sigflow.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * Pins the calling platform thread to a set of CPUs ({@code sched_setaffinity} through FFM). Where that is not
 * available (no native access, not Linux) or refused, nothing changes and the thread runs where it ran.
 */
public final class ThreadAffinity {
    private ThreadAffinity() {}

    private static final MethodHandle SET_AFFINITY = setAffinity();

    private static MethodHandle setAffinity() {
        try {
            Linker l = Linker.nativeLinker();
            return l.defaultLookup().find("sched_setaffinity").map(s -> l.downcallHandle(s,
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS))).orElse(null);
        } catch (RuntimeException e) { // no native access
            return null;
        }
    }

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
            return (int) SET_AFFINITY.invokeExact(0, 128L, mask) == 0;
        } catch (Throwable t) {
            return false;
        }
    }
}
