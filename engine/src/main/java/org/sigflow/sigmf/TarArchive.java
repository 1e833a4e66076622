package org.sigflow.sigmf;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The plain POSIX (ustar) tar a {@code .sigmf} archive is: members are read in place (a recording is streamed from
 * its offset in the archive, never extracted) and written from files. Only regular files matter; other entries
 * (the folder) are skipped. GNU long names and pax headers are not needed by SigMF's short names.
 */
final class TarArchive {
    static final int BLOCK = 512;

    /** One regular file inside the archive. */
    record Member(String name, long offset, long size) {}

    private TarArchive() {}

    static List<Member> list(Path archive) throws IOException {
        try {
            return members(archive);
        } catch (NumberFormatException e) {
            throw new IOException("not a tar archive (a header field is not a number)");
        }
    }

    private static List<Member> members(Path archive) throws IOException {
        List<Member> out = new ArrayList<>();
        try (FileChannel ch = FileChannel.open(archive, StandardOpenOption.READ)) {
            long size = ch.size();
            long pos = 0;
            ByteBuffer header = ByteBuffer.allocate(BLOCK);
            while (pos + BLOCK <= size) {
                header.clear();
                while (header.hasRemaining() && ch.read(header, pos + header.position()) > 0) {
                    // read the whole block
                }
                byte[] h = header.array();
                if (allZero(h)) {
                    break; // end-of-archive marker
                }
                if (!checksumOk(h)) {
                    throw new IOException("not a tar archive (bad header checksum at byte " + pos + ")");
                }
                String name = field(h, 0, 100);
                String prefix = new String(h, 257, 5, StandardCharsets.US_ASCII).equals("ustar") ? field(h, 345, 155)
                        : "";
                long length = octal(h, 124, 12);
                char type = (char) h[156];
                long data = pos + BLOCK;
                if (data + length > size) {
                    throw new IOException("the archive is truncated: member '" + name + "' needs " + length
                            + " bytes, only " + Math.max(0, size - data) + " are there");
                }
                if (type == '0' || type == 0) {
                    out.add(new Member(prefix.isEmpty() ? name : prefix + "/" + name, data, length));
                }
                pos = data + (length + BLOCK - 1) / BLOCK * BLOCK;
            }
        }
        return out;
    }

    /** Writes {@code files} (name in the archive → file) as a ustar archive. */
    static void write(Path archive, List<String> names, List<Path> files) throws IOException {
        try (OutputStream out = Files.newOutputStream(archive)) {
            long mtime = System.currentTimeMillis() / 1000;
            for (int i = 0; i < names.size(); i++) {
                long length = Files.size(files.get(i));
                out.write(header(names.get(i), length, mtime));
                Files.copy(files.get(i), out);
                int pad = (int) ((BLOCK - length % BLOCK) % BLOCK);
                out.write(new byte[pad]);
            }
            out.write(new byte[2 * BLOCK]);
        }
    }

    private static byte[] header(String name, long length, long mtime) {
        byte[] h = new byte[BLOCK];
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        if (n.length > 100) {
            throw new IllegalArgumentException("archive member name longer than 100 bytes: " + name);
        }
        System.arraycopy(n, 0, h, 0, n.length);
        putOctal(h, 100, 8, 0644);
        putOctal(h, 108, 8, 0);
        putOctal(h, 116, 8, 0);
        putOctal(h, 124, 12, length);
        putOctal(h, 136, 12, mtime);
        h[156] = '0';
        System.arraycopy("ustar\u000000".getBytes(StandardCharsets.US_ASCII), 0, h, 257, 8);
        java.util.Arrays.fill(h, 148, 156, (byte) ' ');
        long sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        putOctal(h, 148, 7, sum);
        return h;
    }

    private static void putOctal(byte[] h, int off, int len, long value) {
        String s = Long.toOctalString(value);
        s = "0".repeat(Math.max(0, len - 1 - s.length())) + s;
        System.arraycopy(s.getBytes(StandardCharsets.US_ASCII), 0, h, off, len - 1);
        h[off + len - 1] = 0;
    }

    private static boolean allZero(byte[] h) {
        for (byte b : h) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean checksumOk(byte[] h) {
        long sum = 0;
        for (int i = 0; i < BLOCK; i++) {
            sum += (i >= 148 && i < 156) ? ' ' : h[i] & 0xff;
        }
        return sum == octal(h, 148, 8);
    }

    private static String field(byte[] h, int off, int len) {
        int end = off;
        while (end < off + len && h[end] != 0) {
            end++;
        }
        return new String(h, off, end - off, StandardCharsets.UTF_8);
    }

    private static long octal(byte[] h, int off, int len) {
        String s = field(h, off, len).trim();
        return s.isEmpty() ? 0 : Long.parseLong(s, 8);
    }
}
