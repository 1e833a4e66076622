package org.sigflow.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Atomic file replacement that behaves like an editor's save: temp file in the same folder created with the
 * default (umask) permissions, fsync, the old file's mode copied over, rename, folder fsync.
 */
public final class SafeSave {
    private static final int MAX_LINKS = 40;

    private SafeSave() {
    }

    /** Follows symbolic links (also dangling ones) to the file that is really written. */
    public static Path resolveLinks(Path file) throws IOException {
        Path p = file;
        for (int i = 0; i < MAX_LINKS && Files.isSymbolicLink(p); i++) {
            Path link = Files.readSymbolicLink(p);
            p = p.resolveSibling(link).normalize();
        }
        if (Files.isSymbolicLink(p)) {
            throw new IOException(file + ": too many levels of symbolic links");
        }
        return p;
    }

    /** Replaces {@code target} (not a link) with {@code bytes}; refuses a read-only target. */
    public static void write(Path target, byte[] bytes) throws IOException {
        Path dir = target.getParent();
        boolean exists = Files.exists(target, LinkOption.NOFOLLOW_LINKS);
        Set<PosixFilePermission> mode = exists ? posixMode(target) : null;
        boolean readOnly = exists && (!Files.isWritable(target)
                || mode != null && !mode.contains(PosixFilePermission.OWNER_WRITE));
        if (readOnly) {
            throw new AccessDeniedException(target.toString(), null,
                    "the file is read-only; make it writable or save under another name");
        }
        Path tmp = dir.resolve("." + target.getFileName() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL) + ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            if (mode != null) {
                Files.setPosixFilePermissions(tmp, mode);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            syncFolder(dir);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static Set<PosixFilePermission> posixMode(Path file) throws IOException {
        PosixFileAttributeView v = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        return v == null ? null : v.readAttributes().permissions();
    }

    /** Makes the rename itself durable; not every platform lets a folder be opened, which is then skipped. */
    private static void syncFolder(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // best effort: the data itself was forced before the rename
        }
    }
}
