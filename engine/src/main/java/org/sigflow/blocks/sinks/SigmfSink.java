package org.sigflow.blocks.sinks;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;
import org.sigflow.sigmf.SigmfArchives;
import org.sigflow.sigmf.SigmfDatatype;
import org.sigflow.sigmf.SigmfMetaWriter;
import org.sigflow.sigmf.SigmfMetadata;
import org.sigflow.sigmf.SigmfRecording;
import org.sigflow.sigmf.SigmfTags;

/**
 * {@code sigmf_sink}: records a stream as SigMF — {@code x.sigmf-data} and {@code x.sigmf-meta}, or one
 * {@code x.sigmf} archive when the file name ends so. Stream tags become captures ({@code rx_freq},
 * {@code rx_time}) and annotations (everything else). The metadata is written when the graph stops, also after a
 * failure, so what was recorded is always described.
 */
@AutoService(BlockFactory.class)
public final class SigmfSink implements BlockFactory {
    static final int CHUNK_BYTES = 1 << 18;

    @Override
    public String id() {
        return "sigmf_sink";
    }

    @Override
    public Block create(BlockSetup setup) throws IOException {
        Path file = setup.path("file");
        Dtype type = StreamType.dtype(setup, Dtype.CF32, Dtype.F32);
        SigmfDatatype datatype;
        try {
            datatype = SigmfDatatype.parse(setup.string("datatype"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("sigmf_sink '" + setup.instanceId() + "': " + e.getMessage());
        }
        if (datatype.complex() != (type == Dtype.CF32)) {
            throw new IllegalArgumentException("sigmf_sink '" + setup.instanceId() + "': datatype " + datatype.id()
                    + " is " + (datatype.complex() ? "complex" : "real") + " but the input is " + type.id());
        }
        FileSink.checkWritable(file);
        SigmfMetadata meta = SigmfMetadata.of(datatype, setup.real("samp_rate"))
                .withDescription(blankToNull(setup.string("description")), blankToNull(setup.string("author")));
        return new Recorder(file, meta, setup.real("center_freq"));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    static final class Recorder implements Block {
        private final boolean archive;
        private final Path archivePath;
        private final Path metaPath;
        private final Path dataPath;
        private final SigmfMetadata meta;
        private final double centerFreq;
        private final int comps;
        private final int maxItems;
        private final ByteBuffer buffer;
        private SigmfTags.Collector tags;
        private FileChannel channel;

        Recorder(Path file, SigmfMetadata meta, double centerFreq) {
            this.archive = file.getFileName().toString().endsWith(SigmfRecording.ARCHIVE);
            this.archivePath = file;
            Path base = archive ? file.resolveSibling(stripArchive(file)) : SigmfRecording.base(file);
            // An archive is packed at stop from the two parts, written beside it under hidden names.
            Path parts = archive ? base.resolveSibling("." + base.getFileName() + ".partial") : base;
            this.metaPath = parts.resolveSibling(parts.getFileName() + SigmfRecording.META);
            this.dataPath = parts.resolveSibling(parts.getFileName() + SigmfRecording.DATA);
            this.meta = meta;
            this.centerFreq = centerFreq;
            this.comps = meta.datatype().components();
            this.maxItems = Math.max(1, CHUNK_BYTES / meta.datatype().bytesPerSample());
            this.buffer = ByteBuffer.allocate(maxItems * meta.datatype().bytesPerSample());
        }

        private static String stripArchive(Path p) {
            String n = p.getFileName().toString();
            return n.substring(0, n.length() - SigmfRecording.ARCHIVE.length());
        }

        @Override
        public void start() throws IOException {
            String now = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
            tags = new SigmfTags.Collector(centerFreq, now);
            try {
                channel = FileChannel.open(dataPath, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING);
            } catch (IOException e) {
                throw new IOException("sigmf_sink: cannot open '" + dataPath + "' for writing: " + e.getMessage(), e);
            }
        }

        @Override
        public WorkResult work(WorkIo io) throws IOException {
            InputView in = io.in(0);
            int items = Math.min(in.available(), maxItems);
            if (items == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            in.tags(items).forEach(tags::accept);
            meta.datatype().encode(in.floats(), in.offset(), items * comps, buffer);
            buffer.clear().limit(items * meta.datatype().bytesPerSample());
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            io.consume(0, items);
            return WorkResult.CONTINUE;
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public void stop() throws IOException {
            if (channel == null) {
                return;
            }
            channel.close();
            channel = null;
            Path tmp = metaPath.resolveSibling(metaPath.getFileName() + ".tmp");
            Files.writeString(tmp, SigmfMetaWriter.write(tags.into(meta)), StandardCharsets.UTF_8);
            Files.move(tmp, metaPath, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            if (archive) {
                SigmfArchives.pack(archivePath, metaPath, dataPath);
            }
        }
    }
}
