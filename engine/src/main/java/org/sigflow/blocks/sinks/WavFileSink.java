package org.sigflow.blocks.sinks;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code wav_file_sink}: a mono float stream as a WAV file, 16-bit PCM (full scale ±1, rounded, clipped) or 32-bit
 * IEEE float. The header's sizes are written when the stream ends, so a player sees the whole file.
 */
@AutoService(BlockFactory.class)
public final class WavFileSink implements BlockFactory {
    private static final int HEADER = 44;

    @Override
    public String id() {
        return "wav_file_sink";
    }

    @Override
    public Block create(BlockSetup s) throws IOException {
        Path path = s.path("file");
        FileSink.checkWritable(path, "wav_file_sink");
        int rate = s.integer("samp_rate");
        if (rate < 1) {
            throw new IllegalArgumentException("wav_file_sink: sample rate must be >= 1 Hz, got " + rate);
        }
        return new Writer(path, rate, s.string("format").equals("float32"));
    }

    static final class Writer implements Block {
        private final Path path;
        private final int rate;
        private final boolean floats;
        private final ByteBuffer buffer = ByteBuffer.allocate(FileSink.CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        private FileChannel channel;
        private long dataBytes;

        Writer(Path path, int rate, boolean floats) {
            this.path = path;
            this.rate = rate;
            this.floats = floats;
        }

        private int sampleBytes() {
            return floats ? 4 : 2;
        }

        @Override
        public void start() throws IOException {
            channel = FileSink.open(path, false, "wav_file_sink");
            writeFully(header(0), 0);
            dataBytes = 0;
        }

        /** RIFF/WAVE header: fmt chunk (PCM 1 or IEEE float 3, mono) and the data chunk's size. */
        private ByteBuffer header(long data) {
            ByteBuffer h = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
            int bytes = sampleBytes();
            h.put("RIFF".getBytes()).putInt((int) Math.min(0xFFFFFFFFL, 36 + data)).put("WAVE".getBytes());
            h.put("fmt ".getBytes()).putInt(16).putShort((short) (floats ? 3 : 1)).putShort((short) 1).putInt(rate)
                    .putInt(rate * bytes).putShort((short) bytes).putShort((short) (8 * bytes));
            h.put("data".getBytes()).putInt((int) Math.min(0xFFFFFFFFL, data));
            return h.flip();
        }

        @Override
        public WorkResult work(WorkIo io) throws IOException {
            InputView in = io.in(0);
            int n = Math.min(in.available(), buffer.capacity() / sampleBytes());
            if (n == 0) {
                return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            buffer.clear();
            float[] x = in.floats();
            for (int i = in.offset(); i < in.offset() + n; i++) {
                if (floats) {
                    buffer.putFloat(x[i]);
                } else {
                    buffer.putShort((short) Math.round(Math.max(-1f, Math.min(1f, x[i])) * 32767f));
                }
            }
            writeFully(buffer.flip(), HEADER + dataBytes);
            dataBytes += (long) n * sampleBytes();
            io.consume(0, n);
            return WorkResult.CONTINUE;
        }

        private void writeFully(ByteBuffer b, long position) throws IOException {
            while (b.hasRemaining()) {
                position += channel.write(b, position);
            }
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public void stop() throws IOException {
            if (channel != null) {
                writeFully(header(dataBytes), 0);
                channel.close();
                channel = null;
            }
        }
    }
}
