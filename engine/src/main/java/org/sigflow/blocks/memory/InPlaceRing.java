package org.sigflow.blocks.memory;

import org.sigflow.runtime.Block;

/**
 * A memory node whose DMA can use its CPU ring in place (no host packing, pages large enough): it then asks for that
 * ring off the Java heap, and reaches it only through segment views.
 */
interface InPlaceRing extends Block {
    /** True when the DMA reads or writes the ring pages directly (see {@link RingDma}). */
    boolean inPlace();

    @Override
    default boolean segmentViews() {
        return inPlace();
    }

    @Override
    default boolean wantsOffHeapRings() {
        return inPlace();
    }
}
