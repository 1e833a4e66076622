package org.sigflow.blocks.memory;

import org.sigflow.catalog.Dtype;

/**
 * An integer complex stream on the host that is cf32 on the GPU: widened after the upload (memory_h2d, Device Type
 * cf32) or narrowed before the download (memory_d2h, Host Type cs16/cs8), in a kernel, so the link carries 2–4
 * bytes per sample and the CPU converts nothing. Scales as the file formats ci16_le, ci8 and cu8 (GNU Radio's
 * interleaved-short converters, RTL-SDR offset binary); narrowing rounds to nearest and clips. Element counts are
 * the same on both sides; two u8 items make one complex sample. The scalar methods are the CPU path (no GPU) and
 * the reference of the kernels.
 */
enum IntegerWire {
    CS16(Dtype.CS16, "cs16", 32768f, 0f),
    CS8(Dtype.CS8, "cs8", 128f, 0f),
    CU8(Dtype.U8, "cu8", 127.5f, 127.5f);

    private final Dtype host;
    private final String kernelSuffix;
    private final float scale;
    private final float offset;

    IntegerWire(Dtype host, String kernelSuffix, float scale, float offset) {
        this.host = host;
        this.kernelSuffix = kernelSuffix;
        this.scale = scale;
        this.offset = offset;
    }

    /** The integer type on the host, or null when {@code hostType} crosses as it is. */
    static IntegerWire of(Dtype hostType) {
        for (IntegerWire w : values()) {
            if (w.host == hostType) {
                return w;
            }
        }
        return null;
    }

    Dtype host() {
        return host;
    }

    /** Host items per cf32 item: 2 for u8 pairs, else 1. */
    int hostItemsPerSample() {
        return host.components() == 2 ? 1 : 2;
    }

    String widenKernel() {
        return "sf_widen_" + kernelSuffix;
    }

    String narrowKernel() {
        if (this == CU8) {
            throw new IllegalArgumentException("cf32 is narrowed to cs16 or cs8 only");
        }
        return "sf_narrow_" + kernelSuffix;
    }

    /** Wire bytes per element. */
    int bytes() {
        return host.bytes() / host.components();
    }

    float widen(int code) {
        return (code - offset) * (1f / scale);
    }

    int narrow(float x) {
        float lo = this == CS16 ? -32768f : -128f;
        float hi = this == CS16 ? 32767f : 127f;
        return (int) Math.max(lo, Math.min(hi, (float) Math.rint(x * scale)));
    }

    /** Widens {@code n} elements of a short[] or byte[] (u8 read unsigned) into {@code dst}. */
    void widen(Object src, int srcOff, float[] dst, int dstOff, int n) {
        if (src instanceof short[] s) {
            for (int i = 0; i < n; i++) {
                dst[dstOff + i] = widen(s[srcOff + i]);
            }
        } else {
            byte[] b = (byte[]) src;
            boolean unsigned = this == CU8;
            for (int i = 0; i < n; i++) {
                dst[dstOff + i] = widen(unsigned ? b[srcOff + i] & 0xff : b[srcOff + i]);
            }
        }
    }

    /** Narrows {@code n} floats into a short[] (cs16) or byte[] (cs8). */
    void narrow(float[] src, int srcOff, Object dst, int dstOff, int n) {
        if (dst instanceof short[] s) {
            for (int i = 0; i < n; i++) {
                s[dstOff + i] = (short) narrow(src[srcOff + i]);
            }
        } else {
            byte[] b = (byte[]) dst;
            for (int i = 0; i < n; i++) {
                b[dstOff + i] = (byte) narrow(src[srcOff + i]);
            }
        }
    }
}
