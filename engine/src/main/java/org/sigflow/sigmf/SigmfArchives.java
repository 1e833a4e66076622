package org.sigflow.sigmf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** Packs a recording's two parts into a {@code .sigmf} archive ({@code name/name.sigmf-meta}, {@code …-data}). */
public final class SigmfArchives {
    private SigmfArchives() {}

    /** Writes {@code archive} from {@code meta} and {@code data}, then deletes the two parts. */
    public static void pack(Path archive, Path meta, Path data) throws IOException {
        String n = archive.getFileName().toString();
        String name = n.endsWith(SigmfRecording.ARCHIVE) ? n.substring(0, n.length() - SigmfRecording.ARCHIVE.length())
                : n;
        Path tmp = archive.resolveSibling(n + ".tmp");
        TarArchive.write(tmp, List.of(name + "/" + name + SigmfRecording.META, name + "/" + name + SigmfRecording.DATA),
                List.of(meta, data));
        Files.move(tmp, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Files.delete(meta);
        Files.delete(data);
    }
}
