package org.sigflow.blocks.sources;

import com.google.auto.service.AutoService;
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
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code file_source}: reads raw samples (cf32_le, ci16_le, ci8, cu8, f32_le; or u8, s16_le, s32_le items copied as they
 * are) from a file, once or repeating.
 */
@AutoService(BlockFactory.class)
public final class FileSource implements BlockFactory {
    /** Bytes read per work call at most: large reads, still cache-sized. */
    static final int CHUNK_BYTES = 1 << 18;

    @Override
    public String id() {
        return "file_source";
    }

    @Override
    public Block create(BlockSetup setup) throws IOException {
        FileFormat format = FileFormat.of(setup);
        int itemSize = StreamType.itemSize(setup);
        boolean stdin = setup.string("file").equals("-");
        Path path = setup.path("file");
        if (!stdin) {
            checkReadable(path); // refuse before anything starts: a missing recording is invalid input, not a crash
        }
        if (stdin || !Files.isRegularFile(path)) {
            if (setup.bool("repeat")) {
                throw new IOException("file_source: cannot repeat " + (stdin ? "standard input" : "'" + path + "'")
                        + ": a pipe or device is read once");
            }
            return new StreamReader(stdin ? null : path, format, itemSize); // '-', a FIFO, a character device
        }
        return new Reader(path, format, itemSize, setup.bool("repeat"));
    }

    static void checkReadable(Path path) throws IOException {
        if (!Files.exists(path)) {
            throw new IOException("file_source: file '" + path + "' does not exist");
        }
        if (Files.isDirectory(path)) {
            throw new IOException("file_source: '" + path + "' is a folder, not a file");
        }
        if (!Files.isReadable(path)) {
            throw new IOException("file_source: file '" + path + "' is not readable (permission denied)");
        }
    }

    static final class Reader implements Block {
        private final Path path;
        private final FileFormat format;
        private final int itemSize;
        private final int itemBytes;
        private final boolean repeat;
        private final ByteBuffer buffer;
        /** Decoded samples on their way into an off-heap ring. */
        private final float[] decoded;
        private FileChannel channel;
        /** File length rounded down to whole items: a trailing partial item is never played. */
        private long usableBytes;
        private long position;

        Reader(Path path, FileFormat format, int itemSize, boolean repeat) {
            this.path = path;
            this.format = format;
            this.itemSize = itemSize;
            this.itemBytes = itemSize * format.bytesPerElement();
            this.repeat = repeat;
            int items = Math.max(1, CHUNK_BYTES / itemBytes);
            this.buffer = format.allocate(items * itemSize);
            this.decoded = new float[format.raw() ? 0 : items * itemSize];
        }

        @Override
        public boolean segmentViews() {
            return true;
        }

        @Override
        public void start() throws IOException {
            checkReadable(path); // again: the file may have gone since the graph was built
            try {
                channel = FileChannel.open(path, StandardOpenOption.READ);
            } catch (IOException e) {
                throw new IOException("file_source: cannot open '" + path + "': " + IoReason.of(e), e);
            }
            long size = channel.size();
            usableBytes = size - size % itemBytes;
            if (repeat && usableBytes == 0) {
                throw new IOException("file_source: cannot repeat file '" + path + "': it holds no whole item ("
                        + size + " bytes, " + itemBytes + " bytes per item)");
            }
            position = 0;
        }

        @Override
        public WorkResult work(WorkIo io) throws IOException {
            OutputView out = io.out(0);
            int wanted = Math.min(out.space(), buffer.capacity() / itemBytes);
            int produced = 0;
            // Wraps around within one call when repeating, so the end of the file never makes a short chunk.
            while (produced < wanted) {
                if (position == usableBytes) {
                    if (!repeat) {
                        break;
                    }
                    position = 0; // start() made sure the file holds at least one item
                }
                int items = (int) Math.min(wanted - produced, (usableBytes - position) / itemBytes);
                readFully(items * itemBytes);
                if (format.raw()) {
                    format.copyIn(buffer, out, produced * itemSize, items * itemSize);
                } else if (out.segment() == null) {
                    format.read(buffer, out.floats(), out.offset() + produced * itemSize, items * itemSize);
                } else {
                    format.read(buffer, decoded, 0, items * itemSize);
                    Items.put(decoded, 0, out, produced * itemSize, items * itemSize);
                }
                produced += items;
            }
            if (produced == 0) {
                return wanted > 0 ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            io.produce(0, produced);
            return WorkResult.CONTINUE;
        }

        /** Reads {@code bytes} bytes at {@link #position} into the start of the buffer and advances. */
        private void readFully(int bytes) throws IOException {
            buffer.clear().limit(bytes);
            while (buffer.hasRemaining()) {
                if (channel.read(buffer, position + buffer.position()) < 0) {
                    throw new IOException("file_source: file '" + path + "' became shorter while reading");
                }
            }
            buffer.flip();
            position += bytes;
        }

        @Override
        public void stop() throws IOException {
            if (channel != null) {
                channel.close();
                channel = null;
            }
        }
    }
}
