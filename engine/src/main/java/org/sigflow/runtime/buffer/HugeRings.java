package org.sigflow.runtime.buffer;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.sigflow.runtime.LibC;

/**
 * Off-heap rings on transparent huge pages, off by default ({@code -Dsigflow.ringHugePages=true}): a ring of at least
 * {@link #HUGE} bytes is mapped anonymously ({@code mmap}), aligned to 2 MiB and marked {@code MADV_HUGEPAGE} before
 * anything touches it, so its first writes fault in 2 MiB pages (where the kernel's THP setting is {@code madvise} or
 * {@code always}) and a source sweeping the ring takes a TLB miss per 2 MiB instead of per 4 KiB. The memory is zero
 * as an allocated ring is, and unmapped when the graph's arena closes. Where the calls are not available or fail, the
 * ring comes from the arena as before. Why: a single thread writing every sample into the ring is what bounds a
 * host → GPU → host chain fed by such a source (docs/performance.md "A writing source's rate through the link").
 */
final class HugeRings {
    /** The huge page size this maps for (x86-64, arm64 with 4 KiB base pages). */
    static final long HUGE = 2L << 20;
    private static final int PROT_READ_WRITE = 0x3;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;
    private static final int MADV_HUGEPAGE = 14;
    private static final MethodHandle MMAP = LibC.bind("mmap",
            FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG));
    private static final MethodHandle MADVISE = LibC.bind("madvise", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    private static final MethodHandle MUNMAP = LibC.bind("munmap", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));

    private HugeRings() {}

    /** Whether rings go on huge pages ({@code -Dsigflow.ringHugePages}, read per allocation). */
    static boolean enabled() {
        return Boolean.getBoolean("sigflow.ringHugePages") && MMAP != null && MADVISE != null && MUNMAP != null;
    }

    /**
     * {@code bytes} of zeroed memory on huge pages, unmapped when {@code arena} closes; null where {@code bytes} is
     * below {@link #HUGE}, the alignment asked is larger than a huge page, or the mapping failed.
     */
    static MemorySegment map(Arena arena, long bytes, long alignment) {
        if (bytes < HUGE || alignment > HUGE) {
            return null;
        }
        long span = (bytes + HUGE - 1) / HUGE * HUGE;
        long length = span + HUGE; // room to align the start to a huge page
        try {
            MemorySegment base = (MemorySegment) MMAP.invokeExact(MemorySegment.NULL, length, PROT_READ_WRITE,
                    MAP_PRIVATE_ANONYMOUS, -1, 0L);
            if (base.address() == -1L || base.address() == 0L) {
                return null; // MAP_FAILED
            }
            long start = (base.address() + HUGE - 1) / HUGE * HUGE;
            int unused = (int) MADVISE.invokeExact(MemorySegment.ofAddress(start), span, MADV_HUGEPAGE); // a hint: where refused, 4 KiB pages
            long baseAddress = base.address();
            return MemorySegment.ofAddress(start).reinterpret(bytes, arena, s -> unmap(baseAddress, length));
        } catch (Throwable t) {
            return null;
        }
    }

    private static void unmap(long address, long length) {
        try {
            int unused = (int) MUNMAP.invokeExact(MemorySegment.ofAddress(address), length);
        } catch (Throwable t) {
            // the process keeps the mapping: nothing else to do at a graph's end
        }
    }
}
