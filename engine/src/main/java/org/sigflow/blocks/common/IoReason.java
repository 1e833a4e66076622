package org.sigflow.blocks.common;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * Why a file operation failed, in the user's words: Java's file-system exceptions carry only the path as their
 * message ("/sys/x.f32"), the reason ("permission denied", "Read-only file system") is elsewhere.
 */
public final class IoReason {
    private IoReason() {}

    public static String of(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
