package org.sigflow.blocks.sinks;

import com.google.auto.service.AutoService;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.sigflow.blocks.common.FileFormat;
import org.sigflow.blocks.common.Items;
import org.sigflow.blocks.common.IoReason;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code file_sink}: writes raw samples to a file, converting to cf32_le, ci16_le, ci8, cu8 or f32_le, or the items'
 * bytes of u8, s16 and s32 streams as they are (u8, s16_le, s32_le). {@code -} is
 * standard output (the run's summary then goes to standard error); FIFOs and character devices are written as files.
 */
@AutoService(BlockFactory.class)
public final class FileSink implements BlockFactory {
    static final int CHUNK_BYTES = 1 << 18;

    @Override
    public String id() {
        return "file_sink";
    }

    @Override
    public Block create(BlockSetup setup) throws IOException {
        Path path = setup.string("file").equals("-") ? null : setup.path("file");
        if (path != null) {
            checkWritable(path); // refuse before anything starts: a wrong output path is invalid input, not a crash
        }
        return new Writer(path, FileFormat.of(setup), StreamType.itemSize(setup), setup.bool("append"));
    }

    static void checkWritable(Path path) throws IOException {
        checkWritable(path, "file_sink");
    }

    /** Refuses, in the words of {@code block}, a path whose folder is missing or that is a folder. */
    static void checkWritable(Path path, String block) throws IOException {
        Path folder = path.toAbsolutePath().getParent();
        if (folder != null && !Files.isDirectory(folder)) {
            throw new IOException(block + ": folder '" + folder + "' does not exist (it is not created), cannot write '"
                    + path.getFileName() + "'");
        }
        if (Files.isDirectory(path)) {
            throw new IOException(block + ": '" + path + "' is a folder, not a file");
        }
        if (Files.exists(path) ? !Files.isWritable(path) : folder != null && !Files.isWritable(folder)) {
            boolean readOnly = folder != null && folder.getFileSystem().provider().getFileStore(folder).isReadOnly();
            throw new IOException(block + ": cannot write '" + path + "': " + (readOnly ? "its folder is on a "
                    + "read-only file system" : Files.exists(path) ? "the file is not writable (permission denied)"
                    : "its folder is not writable (permission denied)"));
        }
    }

    /** Opens {@code path} for writing (appending, or truncated), the error in the words of {@code block}. */
    static FileChannel open(Path path, boolean append, String block) throws IOException {
        try {
            return append
                    ? FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)
                    : FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                            StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw new IOException(block + ": cannot open '" + path + "' for writing: " + IoReason.of(e), e);
        }
    }

    static final class Writer implements Block {
        /** Null: standard output. */
        private final Path path;
        private final FileFormat format;
        private final int itemSize;
        private final boolean append;
        private final ByteBuffer buffer;
        private final int maxItems;
        /** Samples of an off-heap ring on their way to the encoder. */
        private final float[] samples;
        private FileChannel channel;

        Writer(Path path, FileFormat format, int itemSize, boolean append) {
            this.path = path;
            this.format = format;
            this.itemSize = itemSize;
            this.append = append;
            this.maxItems = Math.max(1, CHUNK_BYTES / (itemSize * format.bytesPerElement()));
            this.buffer = format.allocate(maxItems * itemSize);
            this.samples = new float[format.raw() ? 0 : maxItems * itemSize];
        }

        @Override
        public boolean segmentViews() {
            return true;
        }

        @Override
        public void start() throws IOException {
            channel = path == null ? new FileOutputStream(FileDescriptor.out).getChannel() : open(path, append, "file_sink");
        }

        @Override
        public WorkResult work(WorkIo io) throws IOException {
            InputView in = io.in(0);
            int items = Math.min(in.available(), maxItems);
            if (items == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            int elements = items * itemSize;
            if (format.raw()) {
                format.copyOut(in, elements, buffer);
            } else if (in.segment() == null) {
                format.write(in.floats(), in.offset(), elements, buffer);
            } else {
                Items.get(in, 0, samples, 0, elements);
                format.write(samples, 0, elements, buffer);
            }
            buffer.clear().limit(elements * format.bytesPerElement());
            try {
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            } catch (IOException e) {
                throw new IOException("file_sink: writing " + (path == null ? "standard output" : "'" + path + "'")
                        + " failed: " + IoReason.of(e), e);
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
            if (channel != null && path != null) {
                // FileChannel keeps no user-space buffer: closing hands everything to the OS.
                channel.close();
            }
            channel = null; // standard output stays open: it is the process's
        }
    }
}
