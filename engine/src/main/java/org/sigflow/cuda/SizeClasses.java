package org.sigflow.cuda;

/** Power-of-two size classes of the page pools (the thesis's pool allocator): 4 KiB up. */
final class SizeClasses {
    static final int MIN_SHIFT = 12;

    private SizeClasses() {}

    /** The class index of the smallest power of two, at least 4 KiB, that holds {@code bytes}. */
    static int classOf(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("page of " + bytes + " bytes");
        }
        int shift = 64 - Long.numberOfLeadingZeros(Math.max(bytes, 1L << MIN_SHIFT) - 1);
        return shift - MIN_SHIFT;
    }

    static long bytesOf(int sizeClass) {
        return 1L << (sizeClass + MIN_SHIFT);
    }
}
