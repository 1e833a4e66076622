package org.sigflow.catalog;

import java.util.Locale;

/**
 * Stream item types ({@code s32} is GNU Radio's int, in an {@code int[]}). Complex types are stored interleaved (re, im) in a primitive array of their element type:
 * interleaved matches the raw file formats (cf32_le, ci16, RTL-SDR cu8) and GNU Radio's gr_complex, so sources and
 * sinks move bytes without conversion, and the hot kernels (real-tap FIR, scale) vectorise over it directly.
 */
public enum Dtype {
    CF32("cf32", Storage.FLOAT, 2, "complex float32"),
    F32("f32", Storage.FLOAT, 1, "float32"),
    S16("s16", Storage.SHORT, 1, "int16"),
    S32("s32", Storage.INT, 1, "int32"),
    CS16("cs16", Storage.SHORT, 2, "complex int16"),
    S8("s8", Storage.BYTE, 1, "int8"),
    CS8("cs8", Storage.BYTE, 2, "complex int8"),
    U8("u8", Storage.BYTE, 1, "uint8");

    /** The primitive array a stream of this type lives in. */
    public enum Storage {
        FLOAT, SHORT, BYTE, INT
    }

    private final String id;
    private final Storage storage;
    private final int components;
    private final String description;

    Dtype(String id, Storage storage, int components, String description) {
        this.id = id;
        this.storage = storage;
        this.components = components;
        this.description = description;
    }

    /** Name used in catalog and .graph files, e.g. {@code cf32}. */
    public String id() {
        return id;
    }

    public Storage storage() {
        return storage;
    }

    /** Array elements per scalar item: 2 for complex types, 1 otherwise. */
    public int components() {
        return components;
    }

    public boolean isComplex() {
        return components == 2;
    }

    public String description() {
        return description;
    }

    /** Bytes per scalar item. */
    public int bytes() {
        int elem = switch (storage) {
            case FLOAT, INT -> 4;
            case SHORT -> 2;
            case BYTE -> 1;
        };
        return elem * components;
    }

    /** Parses a dtype id; {@code null} if unknown. */
    public static Dtype fromId(String id) {
        if (id == null) {
            return null;
        }
        String k = id.trim().toLowerCase(Locale.ROOT);
        for (Dtype d : values()) {
            if (d.id.equals(k)) {
                return d;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return id;
    }
}
