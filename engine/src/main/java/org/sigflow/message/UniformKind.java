package org.sigflow.message;

/** The element types of a PMT uniform vector, with GNU Radio's type byte in the serialisation. */
public enum UniformKind {
    U8("u8", 0x00, 1, byte[].class, false),
    S8("s8", 0x01, 1, byte[].class, false),
    U16("u16", 0x02, 2, short[].class, false),
    S16("s16", 0x03, 2, short[].class, false),
    U32("u32", 0x04, 4, int[].class, false),
    S32("s32", 0x05, 4, int[].class, false),
    U64("u64", 0x06, 8, long[].class, false),
    S64("s64", 0x07, 8, long[].class, false),
    F32("f32", 0x08, 4, float[].class, false),
    F64("f64", 0x09, 8, double[].class, false),
    C32("c32", 0x0a, 8, float[].class, true),
    C64("c64", 0x0b, 16, double[].class, true);

    private final String id;
    private final int code;
    private final int itemBytes;
    private final Class<?> arrayClass;
    private final boolean complex;

    UniformKind(String id, int code, int itemBytes, Class<?> arrayClass, boolean complex) {
        this.id = id;
        this.code = code;
        this.itemBytes = itemBytes;
        this.arrayClass = arrayClass;
        this.complex = complex;
    }

    public String id() {
        return id;
    }

    /** The type byte after {@code 0x0a} in a serialised uniform vector. */
    public int code() {
        return code;
    }

    /** Bytes per element (a complex element counts both parts). */
    public int itemBytes() {
        return itemBytes;
    }

    Class<?> arrayClass() {
        return arrayClass;
    }

    public boolean complex() {
        return complex;
    }

    public boolean unsigned() {
        return this == U8 || this == U16 || this == U32 || this == U64;
    }

    public static UniformKind fromCode(int code) {
        for (UniformKind k : values()) {
            if (k.code == code) {
                return k;
            }
        }
        return null;
    }

    public static UniformKind fromId(String id) {
        for (UniformKind k : values()) {
            if (k.id.equals(id)) {
                return k;
            }
        }
        return null;
    }
}
