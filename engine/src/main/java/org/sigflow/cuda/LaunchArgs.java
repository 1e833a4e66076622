package org.sigflow.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import jcuda.driver.CUdeviceptr;

/**
 * A thread's reusable {@code void* kernelParams[]} for {@code cuLaunchKernel} through FFM: 8 bytes of value per
 * argument and the array of pointers to them, allocated once per thread (the driver copies the values at launch).
 */
final class LaunchArgs {
    static final int MAX = 32;
    private static final ThreadLocal<LaunchArgs> OF_THREAD = ThreadLocal.withInitial(LaunchArgs::new);

    private final MemorySegment values = Arena.ofAuto().allocate(8L * MAX, 16);
    private final MemorySegment pointers = Arena.ofAuto().allocate(ADDRESS.byteSize() * MAX, 16);

    private LaunchArgs() {
        for (int i = 0; i < MAX; i++) {
            pointers.setAtIndex(ADDRESS, i, values.asSlice(8L * i, 8));
        }
    }

    /** This thread's buffer holding {@code args} (types as {@link Kernels#launch}); returns the pointer array. */
    static MemorySegment of(Object... args) {
        if (args.length > MAX) {
            throw new IllegalArgumentException("a kernel takes at most " + MAX + " arguments here");
        }
        LaunchArgs a = OF_THREAD.get();
        for (int i = 0; i < args.length; i++) {
            long off = 8L * i;
            switch (args[i]) {
                case null -> a.values.set(JAVA_LONG, off, 0L);
                case CUdeviceptr p -> a.values.set(JAVA_LONG, off, Addresses.of(p));
                case Long v -> a.values.set(JAVA_LONG, off, v);
                case Integer v -> a.values.set(JAVA_INT, off, v);
                case Float v -> a.values.set(JAVA_FLOAT, off, v);
                case Double v -> a.values.set(JAVA_DOUBLE, off, v);
                default -> throw new IllegalArgumentException("kernel argument of type " + args[i].getClass());
            }
        }
        return a.pointers;
    }
}
