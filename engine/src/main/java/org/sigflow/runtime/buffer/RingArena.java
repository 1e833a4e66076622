package org.sigflow.runtime.buffer;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The native memory of one running graph's off-heap rings: one shared arena, made on the first ring and closed when
 * the graph has ended (every block thread has stopped, so every memory node has unpinned its ring). Rings freed by
 * the garbage collector instead ({@code Arena.ofAuto()}) outlived their graphs: a JVM running large-ring graphs one
 * after another ran out of direct memory before the collector found the old ones.
 *
 * <p>Closing is safe against late readers: an access to a ring after the close throws
 * {@link IllegalStateException} ("Already closed") in that thread instead of reading freed memory. A close that
 * fails because a segment is still acquired (a native call that holds it) is retried in the background.
 */
public final class RingArena {
    /** How long a failed close is retried before the rings are left to the end of the process. */
    static final long RETRY_MILLIS = 60_000;
    private Arena arena;
    private boolean freed;
    private final Map<Object, Slab> slabs = new IdentityHashMap<>();

    /** The arena to allocate this graph's rings from (made on first use). */
    public synchronized Arena arena() {
        if (freed) {
            throw new IllegalStateException("the graph's rings are already freed");
        }
        if (arena == null) {
            arena = Arena.ofShared();
        }
        return arena;
    }

    /**
     * Where a ring placed by {@code slot} ({@link RingSlot}) is allocated: cut from the slot's slab, made by the slab's
     * first ring as {@code slots} rings of that size; null slot, or {@code -Dsigflow.ringSlabs=false}:
     * {@link #arena()}. Either way the memory is freed with the graph's arena.
     */
    public SegmentAllocator allocator(RingSlot slot) {
        Arena a = arena();
        return slot == null || !Boolean.parseBoolean(System.getProperty("sigflow.ringSlabs", "true"))
                ? (bytes, alignment) -> raw(a, bytes, alignment)
                : (bytes, alignment) -> allocate(slot, bytes, alignment);
    }

    /** Ring memory from {@code a}: on huge pages with {@code -Dsigflow.ringHugePages=true} ({@link HugeRings}). */
    private static MemorySegment raw(Arena a, long bytes, long alignment) {
        MemorySegment huge = HugeRings.enabled() ? HugeRings.map(a, bytes, alignment) : null;
        return huge != null ? huge : a.allocate(bytes, alignment);
    }

    /** The slab's first ring sets its stride; another size or a taken slot gets memory of its own. */
    synchronized MemorySegment allocate(RingSlot slot, long bytes, long alignment) {
        Arena a = arena();
        Slab s = slabs.get(slot.slab());
        if (s == null && alignment <= StreamBuffer.PAGE && bytes % StreamBuffer.PAGE == 0) {
            s = new Slab(raw(a, bytes * slot.slots(), StreamBuffer.PAGE), bytes, new boolean[slot.slots()]);
            slabs.put(slot.slab(), s);
        }
        if (s == null || s.stride != bytes || alignment > StreamBuffer.PAGE || slot.slots() != s.taken.length
                || s.taken[slot.slot()]) {
            return raw(a, bytes, alignment);
        }
        s.taken[slot.slot()] = true;
        return s.memory.asSlice(slot.slot() * bytes, bytes);
    }

    private record Slab(MemorySegment memory, long stride, boolean[] taken) {}

    /** Frees every ring; a no-op when none was made or they are already freed. Call once no block runs. */
    public synchronized void free() {
        if (freed) {
            return;
        }
        freed = true;
        if (arena != null && !tryClose(arena)) {
            Arena a = arena;
            Thread.ofVirtual().name("sigflow-ring-free").start(() -> retryClose(a));
        }
    }

    /** True once {@link #free()} was called. */
    public synchronized boolean freed() {
        return freed;
    }

    private static boolean tryClose(Arena a) {
        try {
            a.close();
            return true;
        } catch (IllegalStateException e) { // a segment is acquired by a call still in progress
            return !a.scope().isAlive();
        }
    }

    private static void retryClose(Arena a) {
        long end = System.nanoTime() + RETRY_MILLIS * 1_000_000L;
        while (System.nanoTime() < end) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
            if (tryClose(a)) {
                return;
            }
        }
        System.err.println("sigflow: a stopped graph's ring memory is still in use after "
                + RETRY_MILLIS / 1000 + " s; it is freed when the process ends");
    }
}
