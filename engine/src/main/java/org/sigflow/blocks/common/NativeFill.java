package org.sigflow.blocks.common;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Zeroes off-heap ring memory with the C library's {@code memset}, as GNU Radio's {@code null_source} does: glibc
 * picks the widest stores the CPU has and, past a size tied to the last-level cache, non-temporal stores that skip
 * the read-for-ownership of each line. {@code -Dsigflow.fill=java} keeps {@link MemorySegment#fill} (to compare;
 * also the fallback where the C library cannot be bound). Heap rings are not affected.
 */
final class NativeFill {
    /** Below this many bytes a Java fill is as fast as the call. */
    private static final long MIN_BYTES = 4096;
    private static final MethodHandle MEMSET = bind();

    private NativeFill() {}

    private static MethodHandle bind() {
        if (System.getProperty("sigflow.fill", "memset").equals("java")) {
            return null;
        }
        return org.sigflow.runtime.LibC.bind("memset", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG));
    }

    /** Zeroes {@code s} (native memory). */
    static void zero(MemorySegment s) {
        if (MEMSET == null || s.byteSize() < MIN_BYTES || !s.isNative()) {
            s.fill((byte) 0);
            return;
        }
        try {
            MemorySegment unused = (MemorySegment) MEMSET.invokeExact(s, 0, s.byteSize());
        } catch (Throwable t) {
            throw new IllegalStateException("memset failed", t);
        }
    }
}
