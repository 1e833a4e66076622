package org.sigflow.sigmf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * A SigMF recording on disk: its metadata and where its samples lie — a {@code .sigmf-data} file beside the
 * {@code .sigmf-meta}, or a member of a {@code .sigmf} archive (read in place). Opening checks everything a reader
 * needs before the first sample: both parts exist, the metadata is valid, the data holds whole samples.
 *
 * @param dataOffset byte offset of the first sample in {@code dataFile} (archive member start plus header bytes)
 * @param samples    samples per channel in the recording
 */
public record SigmfRecording(String source, SigmfMetadata meta, Path dataFile, long dataOffset, long samples) {
    public static final String META = ".sigmf-meta";
    public static final String DATA = ".sigmf-data";
    public static final String ARCHIVE = ".sigmf";

    /** The recording's base path (no extension) for any of {@code x.sigmf-meta}, {@code x.sigmf-data}, {@code x}. */
    public static Path base(Path p) {
        String n = p.getFileName().toString();
        for (String ext : List.of(META, DATA)) {
            if (n.endsWith(ext)) {
                return p.resolveSibling(n.substring(0, n.length() - ext.length()));
            }
        }
        return p;
    }

    public static boolean isSigmf(Path p) {
        String n = p.getFileName().toString();
        return n.endsWith(META) || n.endsWith(DATA) || n.endsWith(ARCHIVE);
    }

    /** Opens {@code x.sigmf-meta}, {@code x.sigmf-data}, the base {@code x}, or an archive {@code x.sigmf}. */
    public static SigmfRecording open(Path path) throws SigmfException, IOException {
        if (path.getFileName().toString().endsWith(ARCHIVE)) {
            return openArchive(path);
        }
        Path base = base(path);
        Path meta = base.resolveSibling(base.getFileName() + META);
        Path data = base.resolveSibling(base.getFileName() + DATA);
        String source = meta.toString();
        if (!Files.isRegularFile(meta)) {
            throw SigmfException.of(source, "the metadata file does not exist (a SigMF recording is a .sigmf-meta "
                    + "with a .sigmf-data beside it, or a .sigmf archive)");
        }
        if (!Files.isRegularFile(data)) {
            throw SigmfException.of(source, "its data file '" + data.getFileName() + "' does not exist beside it");
        }
        SigmfMetadata m = SigmfMetaReader.read(Files.readString(meta, StandardCharsets.UTF_8), source);
        return locate(source, m, data, 0, Files.size(data));
    }

    private static SigmfRecording openArchive(Path archive) throws SigmfException, IOException {
        String source = archive.toString();
        if (!Files.isRegularFile(archive)) {
            throw SigmfException.of(source, "the archive does not exist");
        }
        List<TarArchive.Member> members;
        try {
            members = TarArchive.list(archive);
        } catch (IOException e) {
            throw SigmfException.of(source, "cannot read the SigMF archive: " + e.getMessage());
        }
        List<TarArchive.Member> metas = members.stream().filter(m -> m.name().endsWith(META)).toList();
        if (metas.isEmpty()) {
            throw SigmfException.of(source, "the archive holds no .sigmf-meta file");
        }
        if (metas.size() > 1) {
            throw SigmfException.of(source, "the archive holds " + metas.size() + " recordings ("
                    + metas.stream().map(TarArchive.Member::name).toList() + "); SigFlow reads archives of one");
        }
        TarArchive.Member metaMember = metas.getFirst();
        String dataName = metaMember.name().substring(0, metaMember.name().length() - META.length()) + DATA;
        TarArchive.Member dataMember = members.stream().filter(m -> m.name().equals(dataName)).findFirst()
                .orElseThrow(() -> SigmfException.of(source, "the archive has no '" + dataName + "' for '"
                        + metaMember.name() + "'"));
        String metaSource = source + "!" + metaMember.name();
        SigmfMetadata m = SigmfMetaReader.read(readMember(archive, metaMember), metaSource);
        return locate(metaSource, m, archive, dataMember.offset(), dataMember.size());
    }

    private static String readMember(Path archive, TarArchive.Member m) throws IOException {
        if (m.size() > 64 << 20) {
            throw new IOException(archive + ": metadata member '" + m.name() + "' is implausibly large");
        }
        ByteBuffer b = ByteBuffer.allocate((int) m.size());
        try (FileChannel ch = FileChannel.open(archive, StandardOpenOption.READ)) {
            while (b.hasRemaining() && ch.read(b, m.offset() + b.position()) > 0) {
                // read the whole member
            }
        }
        return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
    }

    /** Checks the data holds whole samples and places the first one after the first capture's header bytes. */
    private static SigmfRecording locate(String source, SigmfMetadata m, Path data, long offset, long length)
            throws SigmfException {
        long header = 0;
        for (int i = 0; i < m.captures().size(); i++) {
            long h = m.captures().get(i).headerBytes();
            if (h != 0 && i > 0) {
                throw SigmfException.of(source, "core:header_bytes inside the recording (capture " + i + ") is not "
                        + "supported; only a header before the first sample is");
            }
            header += h;
        }
        long frame = (long) m.datatype().bytesPerSample() * m.numChannels();
        long body = length - header;
        if (body < 0) {
            throw SigmfException.of(source, "the data (" + length + " bytes) is shorter than its "
                    + header + "-byte header");
        }
        if (body % frame != 0) {
            throw SigmfException.of(source, "the data is truncated: " + body + " bytes is not a whole number of "
                    + frame + "-byte " + m.datatype().id() + " samples" + (m.numChannels() > 1 ? " × "
                    + m.numChannels() + " channels" : "") + " (" + body % frame + " bytes too many or "
                    + (frame - body % frame) + " missing)");
        }
        return new SigmfRecording(source, m, data, offset + header, body / frame);
    }
}
