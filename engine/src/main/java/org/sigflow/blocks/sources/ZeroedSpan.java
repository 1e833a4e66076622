package org.sigflow.blocks.sources;

/**
 * The element offsets of a ring that a writer knows to hold zeros: one contiguous span {@code [from, to)}, grown by
 * the spans it zeroes. A null source whose ring only it writes needs to zero each slot once (its first lap); after
 * that every span it is given lies inside and is produced as it is.
 */
final class ZeroedSpan {
    private long from;
    private long to;

    /** True when {@code [at, at + n)} is known to hold zeros. */
    boolean covers(long at, long n) {
        return at >= from && at + n <= to;
    }

    /** Records that {@code [at, at + n)} now holds zeros (kept only where it touches or overlaps the known span). */
    void add(long at, long n) {
        long end = at + n;
        if (from == to) {
            from = at;
            to = end;
        } else if (at <= to && end >= from) {
            from = Math.min(from, at);
            to = Math.max(to, end);
        } else if (n > to - from) { // disjoint and larger: keep the larger span
            from = at;
            to = end;
        }
    }
}
