package org.sigflow.format;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads a file as UTF-8 text with the checks a shared file needs: it exists, is readable, small, valid UTF-8. */
final class FileText {
    private FileText() {}

    static String read(Path file) throws GraphFormatException {
        String name = file.toString();
        if (Files.isDirectory(file)) {
            throw fileProblem(name, "this is a folder, not a .graph file");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            // Read at most one byte past the cap, so a huge file is never loaded whole.
            bytes = in.readNBytes((int) GraphFormat.MAX_FILE_BYTES + 1);
        } catch (NoSuchFileException e) {
            throw fileProblem(name, "the file does not exist");
        } catch (AccessDeniedException e) {
            throw fileProblem(name, "the file cannot be read: permission denied");
        } catch (IOException e) {
            throw fileProblem(name, "the file cannot be read: " + e.getMessage());
        }
        return decode(bytes, name);
    }

    static String decode(byte[] bytes, String name) throws GraphFormatException {
        if (bytes.length > GraphFormat.MAX_FILE_BYTES) {
            throw fileProblem(name, "the file is larger than " + (GraphFormat.MAX_FILE_BYTES >> 20)
                    + " MiB; a .graph file is normally a few KiB, so this is probably not one");
        }
        int start = hasBom(bytes) ? 3 : 0; // tolerate a UTF-8 byte order mark written by some editors
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        try {
            return decoder.decode(in).toString();
        } catch (CharacterCodingException e) {
            int bad = firstInvalidUtf8(bytes, start);
            int line = 1;
            int lineStart = start;
            for (int i = start; i < bad; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            int column = new String(bytes, lineStart, bad - lineStart, StandardCharsets.UTF_8).length() + 1;
            throw GraphFormatException.single(name, JsonPaths.ROOT, line, column, String.format(
                    "the file is not UTF-8 text (byte 0x%02X at offset %d); save it as UTF-8", bytes[bad] & 0xff, bad));
        }
    }

    private static boolean hasBom(byte[] b) {
        return b.length >= 3 && (b[0] & 0xff) == 0xEF && (b[1] & 0xff) == 0xBB && (b[2] & 0xff) == 0xBF;
    }

    /** Offset of the first byte that starts an invalid UTF-8 sequence. */
    private static int firstInvalidUtf8(byte[] bytes, int from) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, from, bytes.length - from);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length + 1);
        var result = decoder.decode(in, out, true);
        return result.isError() ? in.position() : from;
    }

    private static GraphFormatException fileProblem(String name, String message) {
        return GraphFormatException.single(name, JsonPaths.ROOT, 0, 0, message);
    }
}
