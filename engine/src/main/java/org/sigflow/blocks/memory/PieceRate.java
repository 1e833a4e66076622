package org.sigflow.blocks.memory;

/**
 * The link's time per ring item as {@link RingDma}'s waiter has seen it, for {@link PieceWait#PACED}: how long the
 * next piece should take. Only a piece queued behind another (its copy started when that one ended) that was seen
 * finishing (still running when polled, not found done after a sleep) times the link; one found done after a sleep
 * says the sleep was too long, so the estimate shrinks a little. It falls at once and rises slowly: a late wake-up
 * idles the link, an early one only polls longer.
 */
final class PieceRate {
    private double nanosPerItem;

    /** Expected nanoseconds for a piece of {@code items}; 0 until a piece was timed (the waiter then polls at once). */
    long expectNanos(long items) {
        return Math.round(nanosPerItem * items);
    }

    /**
     * @param exact      the piece was seen not yet done after any sleep
     * @param backToBack it was queued before the piece ahead of it was done
     * @param perItem    nanoseconds per item from when it became the oldest in flight to when it was seen done
     */
    void learn(boolean exact, boolean backToBack, double perItem) {
        if (!backToBack) {
            return;
        }
        if (exact) {
            nanosPerItem = nanosPerItem == 0 || perItem < nanosPerItem ? perItem : 0.9 * nanosPerItem + 0.1 * perItem;
        } else {
            nanosPerItem *= 0.95;
        }
    }
}
