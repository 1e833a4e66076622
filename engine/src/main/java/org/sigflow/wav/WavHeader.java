package org.sigflow.wav;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What a WAV file's header says: encoding, channels, rate, where the samples lie, and the centre frequency of an
 * I/Q recording when an {@code auxi} chunk (SpectraVue's layout, written by SDR#, SDRuno, SDRconnect) carries one.
 *
 * @param centerFrequency Hz from {@code auxi}, NaN when the file has none
 */
public record WavHeader(WavEncoding encoding, int channels, long sampleRate, long dataOffset, long dataBytes,
                        double centerFrequency) {

    /** Bytes of one frame (a sample of every channel). */
    public int frameBytes() {
        return encoding.bytes() * channels;
    }

    public long frames() {
        return dataBytes / frameBytes();
    }

    private static final int WAVE_FORMAT_EXTENSIBLE = 0xFFFE;
    /** The data size an unfinished recording leaves (0, or all ones from streaming writers). */
    private static final long UNKNOWN_SIZE = 0xFFFFFFFFL;

    /** Reads and checks the header; every failure is an IOException with a message for the user. */
    public static WavHeader read(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer riff = readAt(ch, 0, 12, file, "the RIFF header");
            if (!tag(riff, 0).equals("RIFF") || !tag(riff, 8).equals("WAVE")) {
                String kind = tag(riff, 0).equals("RF64") ? " (RF64 files over 4 GiB are not supported)" : "";
                throw new IOException(file + " is not a WAV file: it does not start with RIFF…WAVE" + kind);
            }
            WavEncoding enc = null;
            int channels = 0;
            long rate = 0;
            double centre = Double.NaN;
            long pos = 12;
            while (pos + 8 <= size) {
                ByteBuffer c = readAt(ch, pos, 8, file, "a chunk header");
                String id = tag(c, 0);
                long len = c.getInt(4) & 0xffffffffL;
                long body = pos + 8;
                if (id.equals("data")) {
                    if (enc == null) {
                        throw new IOException(file + ": the data chunk comes before a 'fmt ' chunk");
                    }
                    long available = size - body;
                    if (len == 0 || len == UNKNOWN_SIZE) {
                        len = available; // an unfinished recording: play what is there
                    } else if (len > available) {
                        throw new IOException(file + " is truncated: its data chunk announces " + len
                                + " bytes, the file holds " + available);
                    }
                    len -= len % (enc.bytes() * channels);
                    return new WavHeader(enc, channels, rate, body, len, centre);
                }
                if (body + len > size) {
                    throw new IOException(file + " is truncated inside its '" + id.trim() + "' chunk");
                }
                if (id.equals("fmt ")) {
                    ByteBuffer f = readAt(ch, body, (int) Math.min(len, 40), file, "the fmt chunk");
                    if (len < 16) {
                        throw new IOException(file + ": the 'fmt ' chunk is too short (" + len + " bytes)");
                    }
                    int tag = f.getShort(0) & 0xffff;
                    channels = f.getShort(2) & 0xffff;
                    rate = f.getInt(4) & 0xffffffffL;
                    int bits = f.getShort(14) & 0xffff;
                    if (tag == WAVE_FORMAT_EXTENSIBLE && len >= 26) {
                        tag = f.getShort(24) & 0xffff; // the first two bytes of the sub-format GUID
                    }
                    enc = WavEncoding.of(tag, bits);
                    if (enc == null) {
                        throw new IOException(file + ": WAV sample format " + tag + " with " + bits + " bits is not "
                                + "supported (PCM 8/16/24/32-bit and float 32/64-bit are)");
                    }
                    if (channels < 1) {
                        throw new IOException(file + ": the 'fmt ' chunk says 0 channels");
                    }
                } else if (id.equals("auxi") && len >= 36) {
                    ByteBuffer a = readAt(ch, body, 36, file, "the auxi chunk");
                    centre = a.getInt(32) & 0xffffffffL; // after two 16-byte SYSTEMTIMEs
                }
                pos = body + len + (len & 1); // chunks are padded to even sizes
            }
            throw new IOException(file + (enc == null ? " has no 'fmt ' chunk" : " has no data chunk")
                    + " (a truncated or not a WAV file)");
        }
    }

    private static ByteBuffer readAt(FileChannel ch, long pos, int n, Path file, String what) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, pos + b.position()) < 0) {
                throw new IOException(file + " is truncated: it ends inside " + what);
            }
        }
        return b.flip();
    }

    private static String tag(ByteBuffer b, int at) {
        byte[] t = new byte[4];
        b.get(at, t);
        return new String(t, StandardCharsets.US_ASCII);
    }

    /**
     * A canonical header: RIFF, {@code fmt } (18 bytes for float, as the spec asks of non-PCM), an {@code auxi}
     * chunk with the centre frequency when given (not NaN), and the data chunk header. Sizes are for
     * {@code dataBytes}; a writer patches them when it finishes.
     */
    public static ByteBuffer build(WavEncoding enc, int channels, long rate, double centerFrequency, long dataBytes,
                                   java.time.Instant start) {
        int fmtLen = enc.floating() ? 18 : 16;
        boolean auxi = !Double.isNaN(centerFrequency);
        int auxiLen = 68;
        int headerLen = 12 + 8 + fmtLen + (auxi ? 8 + auxiLen : 0) + 8;
        ByteBuffer h = ByteBuffer.allocate(headerLen).order(ByteOrder.LITTLE_ENDIAN);
        h.put("RIFF".getBytes(StandardCharsets.US_ASCII)).putInt((int) (headerLen - 8 + dataBytes))
                .put("WAVE".getBytes(StandardCharsets.US_ASCII));
        h.put("fmt ".getBytes(StandardCharsets.US_ASCII)).putInt(fmtLen).putShort((short) enc.formatTag())
                .putShort((short) channels).putInt((int) rate).putInt((int) (rate * channels * enc.bytes()))
                .putShort((short) (channels * enc.bytes())).putShort((short) (enc.bytes() * 8));
        if (enc.floating()) {
            h.putShort((short) 0);
        }
        if (auxi) {
            h.put("auxi".getBytes(StandardCharsets.US_ASCII)).putInt(auxiLen);
            putSystemTime(h, start);
            putSystemTime(h, start);
            h.putInt((int) Math.round(centerFrequency)).putInt((int) rate); // CenterFreq, ADFrequency
            h.put(new byte[auxiLen - 32 - 8]); // IF frequency, bandwidth, IQ offset, unused: zero
        }
        h.put("data".getBytes(StandardCharsets.US_ASCII)).putInt((int) dataBytes);
        return h.flip();
    }

    /** A Windows SYSTEMTIME (UTC): year, month, day of week, day, hour, minute, second, millisecond. */
    private static void putSystemTime(ByteBuffer h, java.time.Instant t) {
        java.time.ZonedDateTime z = t.atZone(java.time.ZoneOffset.UTC);
        h.putShort((short) z.getYear()).putShort((short) z.getMonthValue())
                .putShort((short) (z.getDayOfWeek().getValue() % 7)).putShort((short) z.getDayOfMonth())
                .putShort((short) z.getHour()).putShort((short) z.getMinute()).putShort((short) z.getSecond())
                .putShort((short) (z.getNano() / 1_000_000));
    }
}
