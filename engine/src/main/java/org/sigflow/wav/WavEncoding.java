package org.sigflow.wav;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Sample encodings a WAV file holds, each converting little-endian bytes to floats in ±1 as sox does: signed PCM
 * divides by 2^(bits−1), 8-bit PCM is unsigned with 128 as zero, float is taken as is. Writing rounds to the nearest
 * code and clips.
 */
public enum WavEncoding {
    PCM8("pcm8", 1, false),
    PCM16("pcm16", 2, false),
    PCM24("pcm24", 3, false),
    PCM32("pcm32", 4, false),
    FLOAT32("float32", 4, true),
    FLOAT64("float64", 8, true);

    private final String id;
    private final int bytes;
    private final boolean floating;

    WavEncoding(String id, int bytes, boolean floating) {
        this.id = id;
        this.bytes = bytes;
        this.floating = floating;
    }

    public String id() {
        return id;
    }

    public int bytes() {
        return bytes;
    }

    public boolean floating() {
        return floating;
    }

    /** WAVE_FORMAT_PCM (1) or WAVE_FORMAT_IEEE_FLOAT (3). */
    public int formatTag() {
        return floating ? 3 : 1;
    }

    public static WavEncoding of(int formatTag, int bits) {
        for (WavEncoding e : values()) {
            if (e.bytes * 8 == bits && e.formatTag() == formatTag) {
                return e;
            }
        }
        return null;
    }

    public static WavEncoding byId(String id) {
        for (WavEncoding e : values()) {
            if (e.id.equals(id)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown WAV sample format '" + id + "' (pcm8, pcm16, pcm24, pcm32, "
                + "float32, float64)");
    }

    private double scale() {
        return Math.pow(2, bytes * 8 - 1);
    }

    /** Decodes {@code n} samples from the start of {@code src} into {@code dst[off..]}. */
    public void decode(ByteBuffer src, float[] dst, int off, int n) {
        ByteBuffer b = src.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        float inv = (float) (1 / scale());
        for (int i = 0; i < n; i++) {
            int p = i * bytes;
            dst[off + i] = switch (this) {
                case PCM8 -> ((b.get(p) & 0xff) - 128) * inv;
                case PCM16 -> b.getShort(p) * inv;
                case PCM24 -> (((b.get(p + 2) << 16) | ((b.get(p + 1) & 0xff) << 8) | (b.get(p) & 0xff))) * inv;
                case PCM32 -> (float) (b.getInt(p) / scale());
                case FLOAT32 -> b.getFloat(p);
                case FLOAT64 -> (float) b.getDouble(p);
            };
        }
    }

    /** Encodes {@code n} samples of {@code src[off..]} at the start of {@code dst} (absolute puts). */
    public void encode(float[] src, int off, int n, ByteBuffer dst) {
        ByteBuffer b = dst.duplicate().clear().order(ByteOrder.LITTLE_ENDIAN);
        double s = scale();
        for (int i = 0; i < n; i++) {
            int p = i * bytes;
            float v = src[off + i];
            if (floating) {
                if (this == FLOAT32) {
                    b.putFloat(p, v);
                } else {
                    b.putDouble(p, v);
                }
                continue;
            }
            long code = Float.isNaN(v) ? 0 : Math.round(Math.max(-s, Math.min(s - 1, v * s)));
            switch (this) {
                case PCM8 -> b.put(p, (byte) (code + 128));
                case PCM16 -> b.putShort(p, (short) code);
                case PCM24 -> {
                    b.put(p, (byte) code);
                    b.put(p + 1, (byte) (code >> 8));
                    b.put(p + 2, (byte) (code >> 16));
                }
                default -> b.putInt(p, (int) code);
            }
        }
    }
}
