package org.sigflow.blocks.zmq;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.runtime.Tag;

/**
 * The header gr-zeromq puts before the items of a frame when {@code pass_tags} is on ({@code tag_headers.cc}):
 * magic 0x5FF0 (u16), version 1 (u8), the absolute offset of the frame's first item (u64), the tag count (u64), then
 * per tag its absolute offset (u64), key, value and source id in PMT serialisation. The integers are in host byte
 * order, the PMTs big-endian. The source id has no SigFlow counterpart: it is read and dropped, and written as #f
 * (GNU Radio's default).
 *
 * @param offset absolute offset of the frame's first item in the sender's stream
 * @param tags tags with the sender's absolute offsets
 * @param length bytes the header takes at the start of the frame
 */
public record TagHeader(long offset, List<Tag> tags, int length) {
    static final int MAGIC = 0x5FF0;
    static final int VERSION = 1;
    /** Magic, version, offset and tag count. */
    static final int FIXED_BYTES = 2 + 1 + 8 + 8;

    /** Thrown for a frame whose header is missing, malformed or of another version. */
    public static final class HeaderException extends IllegalArgumentException {
        HeaderException(String message) {
            super(message);
        }
    }

    /** Parses the header at the start of {@code frame} (position 0 .. limit). */
    public static TagHeader parse(ByteBuffer frame) {
        ByteBuffer b = frame.duplicate().order(ByteOrder.nativeOrder());
        b.position(0);
        if (b.remaining() < FIXED_BYTES) {
            throw new HeaderException("frame of " + b.remaining() + " bytes is too short for a tag header ("
                    + FIXED_BYTES + " bytes at least): does the sender pass tags?");
        }
        int magic = b.getShort() & 0xffff;
        if (magic != MAGIC) {
            throw new HeaderException(String.format("frame does not start with a tag header (magic 0x%04x, expected "
                    + "0x5ff0): does the sender pass tags?", magic));
        }
        int version = b.get() & 0xff;
        if (version != VERSION) {
            throw new HeaderException("tag header version " + version + " is not supported (only version 1)");
        }
        long offset = b.getLong();
        long count = b.getLong();
        // every tag takes at least 8 + 3 bytes: a count beyond that is garbage, not a reason to allocate
        if (count < 0 || count > b.remaining() / 11) {
            throw new HeaderException("tag header claims " + Long.toUnsignedString(count) + " tags in "
                    + b.remaining() + " bytes");
        }
        List<Tag> tags = new ArrayList<>((int) count);
        try {
            for (long i = 0; i < count; i++) {
                long tagOffset = b.getLong();
                Object key = Pmt.read(b);
                if (!(key instanceof String k)) {
                    throw new HeaderException("a tag key must be a PMT symbol, got " + describe(key));
                }
                Object value;
                try {
                    value = Pmt.read(b);
                } catch (Pmt.PmtException e) {
                    throw new HeaderException("tag '" + k + "': " + e.getMessage());
                }
                skipSourceId(b);
                if (tagOffset < 0) {
                    throw new HeaderException("tag '" + k + "' has offset " + Long.toUnsignedString(tagOffset)
                            + ", beyond what SigFlow counts");
                }
                tags.add(new Tag(tagOffset, k, value));
            }
        } catch (BufferUnderflowException e) {
            throw new HeaderException("tag header ends early (truncated frame)");
        } catch (Pmt.PmtException e) {
            throw new HeaderException("tag header: " + e.getMessage());
        }
        return new TagHeader(offset, List.copyOf(tags), b.position());
    }

    /** A source id is #f, a symbol or nil in practice; anything else is read (and refused) like a value. */
    private static void skipSourceId(ByteBuffer b) {
        if ((b.get(b.position()) & 0xff) == Pmt.NULL) {
            b.get();
        } else {
            Pmt.read(b);
        }
    }

    private static String describe(Object v) {
        return v == null ? "nothing" : v.getClass().getSimpleName() + " " + v;
    }

    /**
     * Writes a header for a frame whose first item has absolute offset {@code offset}, carrying {@code tags} (absolute
     * offsets). Throws {@link Pmt.PmtException} for a tag value PMT cannot carry.
     */
    public static byte[] write(long offset, List<Tag> tags) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(FIXED_BYTES + 32 * tags.size());
        ByteBuffer fixed = ByteBuffer.allocate(FIXED_BYTES).order(ByteOrder.nativeOrder());
        fixed.putShort((short) MAGIC).put((byte) VERSION).putLong(offset).putLong(tags.size());
        out.write(fixed.array(), 0, FIXED_BYTES);
        ByteBuffer eight = ByteBuffer.allocate(8).order(ByteOrder.nativeOrder());
        for (Tag t : tags) {
            eight.clear();
            eight.putLong(t.offset());
            out.write(eight.array(), 0, 8);
            Pmt.write(t.key(), out);
            try {
                Pmt.write(t.value(), out);
            } catch (Pmt.PmtException e) {
                throw new Pmt.PmtException("tag '" + t.key() + "' at item " + t.offset() + ": " + e.getMessage());
            }
            out.write(Pmt.FALSE); // srcid
        }
        return out.toByteArray();
    }
}
