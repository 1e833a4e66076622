package org.sigflow.sigmf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SigMF {@code core:datatype}: {@code (c|r)(f64|f32|i32|i16|u32|u16|i8|u8)(_le|_be)}, the byte order omitted only
 * for 8-bit types. Samples convert to floats the way {@code file_source} does: signed integers divide by
 * 2^(bits−1) (ci16 / 32768, ci8 / 128), unsigned ones are offset binary centred at (2^bits − 1) / 2 (cu8:
 * (x − 127.5) / 127.5); writing inverts that, rounding to the nearest code and clipping.
 *
 * @param complex interleaved I/Q pairs ({@code c}) or real samples ({@code r})
 * @param kind    {@code 'f'} float, {@code 'i'} signed or {@code 'u'} unsigned integer
 * @param bits    bits per component
 * @param order   byte order (little-endian for 8-bit types, where it does not matter)
 */
public record SigmfDatatype(boolean complex, char kind, int bits, ByteOrder order) {
    private static final Pattern FORM = Pattern.compile("([cr])(f64|f32|i32|i16|u32|u16|i8|u8)(?:_(le|be))?");

    /** The datatypes SigMF 1.x defines, for messages. */
    public static final String KNOWN = "cf32_le, ci16_le, ci8, cu8, rf32_le, ri16_le, ri8, ru8 and the other "
            + "(c|r)(f64|f32|i32|i16|u32|u16|i8|u8)(_le|_be) forms";

    /** Parses a datatype string; throws IllegalArgumentException with a user-facing reason. */
    public static SigmfDatatype parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a SigMF datatype (" + KNOWN + ")");
        }
        String type = m.group(2);
        int bits = Integer.parseInt(type.substring(1));
        if (bits > 8 && m.group(3) == null) {
            throw new IllegalArgumentException("'" + text + "' needs a byte order: " + text + "_le or " + text + "_be");
        }
        if (bits == 8 && m.group(3) != null) {
            throw new IllegalArgumentException("'" + text + "': 8-bit datatypes take no byte order (write "
                    + m.group(1) + type + ")");
        }
        ByteOrder order = "be".equals(m.group(3)) ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        return new SigmfDatatype(m.group(1).equals("c"), type.charAt(0), bits, order);
    }

    public String id() {
        String s = (complex ? "c" : "r") + kind + bits;
        return bits == 8 ? s : s + (order == ByteOrder.BIG_ENDIAN ? "_be" : "_le");
    }

    public int bytesPerComponent() {
        return bits / 8;
    }

    /** Bytes per sample of one channel (an I/Q pair for complex types). */
    public int bytesPerSample() {
        return bytesPerComponent() * (complex ? 2 : 1);
    }

    /** Components per sample: 2 for complex, 1 for real. */
    public int components() {
        return complex ? 2 : 1;
    }

    /** Full-scale divisor of integer codes (and the centre of unsigned ones is {@code scale()} too, less 0.5). */
    private double scale() {
        return kind == 'i' ? Math.pow(2, bits - 1) : (Math.pow(2, bits) - 1) / 2;
    }

    /** Decodes {@code n} components from {@code src} (from its position) into {@code dst[off..]}. */
    public void decode(ByteBuffer src, float[] dst, int off, int n) {
        ByteBuffer b = src.duplicate().order(order);
        int p = b.position();
        int w = bytesPerComponent();
        if (kind == 'f') {
            for (int i = 0; i < n; i++) {
                dst[off + i] = bits == 32 ? b.getFloat(p + i * w) : (float) b.getDouble(p + i * w);
            }
            return;
        }
        double s = scale();
        double centre = kind == 'u' ? s : 0;
        float inv = (float) (1 / s);
        for (int i = 0; i < n; i++) {
            long code = switch (bits) {
                case 8 -> kind == 'u' ? b.get(p + i) & 0xff : b.get(p + i);
                case 16 -> kind == 'u' ? b.getShort(p + i * w) & 0xffff : b.getShort(p + i * w);
                default -> kind == 'u' ? b.getInt(p + i * w) & 0xffffffffL : b.getInt(p + i * w);
            };
            dst[off + i] = (float) ((code - centre) * inv);
        }
    }

    /** Encodes {@code n} components of {@code src[off..]} into {@code dst} from index 0 (absolute puts). */
    public void encode(float[] src, int off, int n, ByteBuffer dst) {
        ByteBuffer b = dst.duplicate().clear().order(order);
        int w = bytesPerComponent();
        if (kind == 'f') {
            for (int i = 0; i < n; i++) {
                if (bits == 32) {
                    b.putFloat(i * w, src[off + i]);
                } else {
                    b.putDouble(i * w, src[off + i]);
                }
            }
            return;
        }
        double s = scale();
        double lo = kind == 'i' ? -s : 0;
        double hi = kind == 'i' ? s - 1 : 2 * s;
        double centre = kind == 'u' ? s : 0;
        for (int i = 0; i < n; i++) {
            double v = src[off + i];
            long code = Double.isNaN(v) ? Math.round(centre) : Math.round(Math.max(lo, Math.min(hi, v * s + centre)));
            switch (bits) {
                case 8 -> b.put(i, (byte) code);
                case 16 -> b.putShort(i * w, (short) code);
                default -> b.putInt(i * w, (int) code);
            }
        }
    }

    @Override
    public String toString() {
        return id().toLowerCase(Locale.ROOT);
    }
}
