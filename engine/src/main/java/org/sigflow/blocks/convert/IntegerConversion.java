package org.sigflow.blocks.convert;

import org.sigflow.catalog.Dtype.Storage;

/**
 * The element conversions between integer and float streams, with GNU Radio's (VOLK's) arithmetic: integer → float
 * divides by the scale in float32; float → integer multiplies by the scale, clips to the integer range and rounds
 * half to even ({@code rintf}); {@code char_to_short} shifts a byte into the high byte, {@code short_to_char} keeps
 * the high byte. GRC's {@code byte} streams are {@code u8} here; {@code char_*} blocks read them as signed.
 */
enum IntegerConversion {
    CHAR_TO_FLOAT(Storage.BYTE, Storage.FLOAT) {
        @Override
        void apply(Object in, int io, Object out, int oo, int n, float scale) {
            byte[] a = (byte[]) in;
            float[] b = (float[]) out;
            for (int i = 0; i < n; i++) {
                b[oo + i] = a[io + i] / scale;
            }
        }
    },
    UCHAR_TO_FLOAT(Storage.BYTE, Storage.FLOAT) {
        @Override
        void apply(Object in, int io, Object out, int oo, int n, float scale) {
            byte[] a = (byte[]) in;
            float[] b = (float[]) out;
            for (int i = 0; i < n; i++) {
                b[oo + i] = (a[io + i] & 0xff) / scale;
            }
        }
    },
    SHORT_TO_FLOAT(Storage.SHORT, Storage.FLOAT) {
        @Override
        void apply(Object in, int io, Object out, int oo, int n, float scale) {
            short[] a = (short[]) in;
            float[] b = (float[]) out;
            for (int i = 0; i < n; i++) {
                b[oo + i] = a[io + i] / scale;
            }
        }
    },
    FLOAT_TO_CHAR(Storage.FLOAT, Storage.BYTE) {
        @Override
        void apply(Object in, int io, Object out, int oo, int n, float scale) {
            float[] a = (float[]) in;
            byte[] b = (byte[]) out;
            for (int i = 0; i < n; i++) {
                b[oo + i] = (byte) roundClipped(a[io + i] * scale, -128, 127);
            }
        }
    },
    FLOAT_TO_UCHAR(Storage.FLOAT, Storage.BYTE) {
        @Override
        void apply(Object in, int io, Object out, int oo, int n, float scale) {
            float[] a = (float[]) in;
            byte[] b = (byte[]) out;
            for (int i = 0; i < n; i++) {
                b[oo + i] = (byte) roundClipped(a[io + i] * scale, 0, 255);
            }
        }
    },
    FLOAT_TO_SHORT(Storage.FLOAT, Storage.SHORT) {
        @Override
        void apply(Object in, int io, Object out, int oo, int n, float scale) {
            float[] a = (float[]) in;
            short[] b = (short[]) out;
            for (int i = 0; i < n; i++) {
                b[oo + i] = (short) roundClipped(a[io + i] * scale, -32768, 32767);
            }
        }
    },
    CHAR_TO_SHORT(Storage.BYTE, Storage.SHORT) {
        @Override
        void apply(Object in, int io, Object out, int oo, int n, float scale) {
            byte[] a = (byte[]) in;
            short[] b = (short[]) out;
            for (int i = 0; i < n; i++) {
                b[oo + i] = (short) (a[io + i] * 256);
            }
        }
    },
    INT_TO_FLOAT(Storage.INT, Storage.FLOAT) {
        @Override
        void apply(Object in, int io, Object out, int oo, int n, float scale) {
            int[] a = (int[]) in;
            float[] b = (float[]) out;
            for (int i = 0; i < n; i++) {
                b[oo + i] = (float) a[io + i] / scale;
            }
        }
    },
    FLOAT_TO_INT(Storage.FLOAT, Storage.INT) {
        @Override
        void apply(Object in, int io, Object out, int oo, int n, float scale) {
            float[] a = (float[]) in;
            int[] b = (int[]) out;
            for (int i = 0; i < n; i++) {
                b[oo + i] = roundClippedInt(a[io + i] * scale);
            }
        }
    },
    SHORT_TO_CHAR(Storage.SHORT, Storage.BYTE) {
        @Override
        void apply(Object in, int io, Object out, int oo, int n, float scale) {
            short[] a = (short[]) in;
            byte[] b = (byte[]) out;
            for (int i = 0; i < n; i++) {
                b[oo + i] = (byte) (a[io + i] >> 8);
            }
        }
    };

    final Storage from;
    final Storage to;

    IntegerConversion(Storage from, Storage to) {
        this.from = from;
        this.to = to;
    }

    /** Converts {@code n} elements from {@code in[io…]} to {@code out[oo…]}. */
    abstract void apply(Object in, int io, Object out, int oo, int n, float scale);

    /** VOLK's float → int32 as GNU Radio 3.10 runs it: rounded half to even, saturated to the int32 range. */
    static int roundClippedInt(float x) {
        return (int) Math.rint(x);   // Java's conversion saturates, as GNU Radio's output does (3e9 → INT_MAX)
    }

    /** {@code x} clipped to {@code [lo, hi]}, then rounded half to even, as VOLK's float → integer kernels. */
    static int roundClipped(float x, int lo, int hi) {
        float c = x > hi ? hi : x < lo ? lo : x;
        return (int) Math.rint(c);
    }
}
