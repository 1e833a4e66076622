package org.sigflow.blocks.sources;

import java.io.FileInputStream;
import java.io.FileDescriptor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sigflow.blocks.common.FileFormat;
import org.sigflow.blocks.common.IoReason;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code file_source} on something that is not a regular file: {@code -} (standard input), a FIFO or a character
 * device, as users pipe a radio in ({@code rtl_sdr - | sigflow run …}). Read as a stream (no size, no seeking, no
 * repeat): whatever arrives is played, a trailing partial item is kept for the next read, and the end of the
 * stream ends the block.
 */
final class StreamReader implements Block {
    private final Path path;
    private final String name;
    private final FileFormat format;
    private final int itemSize;
    private final int itemBytes;
    private final ByteBuffer buffer;
    private ReadableByteChannel channel;
    private boolean ended;

    /** {@code path} null: standard input. */
    StreamReader(Path path, FileFormat format, int itemSize) {
        this.path = path;
        this.name = path == null ? "standard input" : "'" + path + "'";
        this.format = format;
        this.itemSize = itemSize;
        this.itemBytes = itemSize * format.bytesPerElement();
        int items = Math.max(1, FileSource.CHUNK_BYTES / itemBytes);
        this.buffer = format.allocate(items * itemSize);
    }

    @Override
    public void start() throws IOException {
        try {
            channel = path == null ? new FileInputStream(FileDescriptor.in).getChannel() : Files.newByteChannel(path);
        } catch (IOException e) {
            throw new IOException("file_source: cannot open " + name + ": " + IoReason.of(e), e);
        }
        buffer.clear();
    }

    @Override
    public WorkResult work(WorkIo io) throws IOException {
        OutputView out = io.out(0);
        int room = Math.min(out.space(), buffer.capacity() / itemBytes);
        if (room == 0) {
            return WorkResult.CONTINUE;
        }
        buffer.limit(Math.max(buffer.position(), room * itemBytes));
        if (!ended && channel.read(buffer) < 0) {
            ended = true;
        }
        int items = buffer.position() / itemBytes;
        if (items == 0) {
            return ended ? WorkResult.DONE : WorkResult.CONTINUE; // a partial item at the end is never played
        }
        buffer.flip();
        ByteBuffer whole = buffer.duplicate().limit(items * itemBytes);
        if (format.raw()) {
            format.copyIn(whole, out, 0, items * itemSize);
        } else {
            format.read(whole, out.floats(), out.offset(), items * itemSize);
        }
        buffer.position(items * itemBytes);
        buffer.compact(); // keeps the partial item's bytes at the start
        io.produce(0, items);
        return WorkResult.CONTINUE;
    }

    @Override
    public void stop() throws IOException {
        if (channel != null && path != null) {
            channel.close(); // standard input stays open: it is the process's
        }
        channel = null;
    }
}
