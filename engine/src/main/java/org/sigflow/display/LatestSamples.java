package org.sigflow.display;

/**
 * Keeps the most recent {@code capacity} items of a float-stored stream (complex items as interleaved re/im), so a
 * sink can make a frame from the newest samples whenever one is due, without holding back its input.
 */
public final class LatestSamples {
    private final int components;
    private final float[] ring;
    private final int capacity;
    private long written;

    public LatestSamples(int capacity, int components) {
        this.capacity = capacity;
        this.components = components;
        this.ring = new float[capacity * components];
    }

    /** Appends {@code n} items from {@code src[off..]}. */
    public void append(float[] src, int off, int n) {
        int skip = Math.max(0, n - capacity); // only the last capacity items can survive
        int pos = (int) ((written + skip) % capacity);
        for (int k = skip; k < n; ) {
            int run = Math.min(n - k, capacity - pos);
            System.arraycopy(src, off + k * components, ring, pos * components, run * components);
            k += run;
            pos = (pos + run) % capacity;
        }
        written += n;
    }

    /**
     * Forgets what is kept (a sink skipping items it will not show): {@link #full} is false again until another
     * {@code capacity} items have arrived, so a frame never joins samples from both sides of a gap.
     */
    public void forget() {
        written = 0;
    }

    public int capacity() {
        return capacity;
    }

    /** Whether {@code capacity} items have arrived. */
    public boolean full() {
        return written >= capacity;
    }

    public long written() {
        return written;
    }

    /** The last {@code capacity} items, oldest first, into {@code dst} ({@code capacity * components} floats). */
    public void copyTo(float[] dst) {
        int start = (int) (written % capacity) * components;
        int tail = ring.length - start;
        System.arraycopy(ring, start, dst, 0, tail);
        System.arraycopy(ring, 0, dst, tail, start);
    }
}
