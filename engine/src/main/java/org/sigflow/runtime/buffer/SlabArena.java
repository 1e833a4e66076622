package org.sigflow.runtime.buffer;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A graph's ring arena as one ring placed by a {@link RingSlot} sees it: {@link #allocate} cuts the ring from the
 * slot's slab ({@link RingArena#allocate(RingSlot, long, long)}); the memory lives and dies with the graph's arena,
 * which only the graph closes.
 */
final class SlabArena implements Arena {
    private final RingArena rings;
    private final RingSlot slot;
    private final Arena arena;

    SlabArena(RingArena rings, RingSlot slot, Arena arena) {
        this.rings = rings;
        this.slot = slot;
        this.arena = arena;
    }

    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        return rings.allocate(slot, byteSize, byteAlignment);
    }

    @Override
    public MemorySegment.Scope scope() {
        return arena.scope();
    }

    @Override
    public void close() {
        throw new UnsupportedOperationException("a ring's arena is closed with its graph");
    }
}
