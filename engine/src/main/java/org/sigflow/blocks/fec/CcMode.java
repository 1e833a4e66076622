package org.sigflow.blocks.fec;

/** GNU Radio's {@code fec.CC_STREAMING}, {@code CC_TERMINATED}, {@code CC_TAILBITING}, {@code CC_TRUNCATED}. */
enum CcMode {
    STREAMING, TERMINATED, TAILBITING, TRUNCATED;

    static CcMode of(String id) {
        return valueOf(id.toUpperCase(java.util.Locale.ROOT));
    }

    /** GNU Radio's padding of a terminated frame to whole bytes: {@code 8 ceil(rate (K-1) / 8) - rate (K-1)}. */
    static int padding(boolean padded, CcMode mode, int rate, int k) {
        return padded && mode == TERMINATED
                ? (int) (8.0f * (float) Math.ceil(rate * (k - 1) / 8.0f) - rate * (k - 1)) : 0;
    }
}
