package org.sigflow.runtime.buffer;

/**
 * Where an output's off-heap ring should lie ({@code Block.ringSlot}): the rings that name one {@code slab} are
 * cut from one allocation of {@code slots} equal rings, ring {@code slot} at {@code slot} × its size, so they sit back
 * to back at one stride in slot order (a download group's rings: one page set lands as the rows of one 2D copy).
 * A ring of another size than the slab's first, or a slot taken twice, gets memory of its own.
 */
public record RingSlot(Object slab, int slot, int slots) {
    public RingSlot {
        if (slab == null || slot < 0 || slot >= slots) {
            throw new IllegalArgumentException("ring slot " + slot + " of " + slots);
        }
    }
}
