package org.sigflow.blocks.sources;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;
import org.sigflow.sigmf.SigmfTags;
import org.sigflow.wav.WavHeader;

/**
 * {@code wav_source}: plays a WAV file — one f32 output per channel, or a stereo I/Q recording (SDR#, SDR++,
 * GNU Radio's wavfile sink) as one cf32 output with I on the left channel. Puts {@code rx_rate} and, from an
 * {@code auxi} chunk, {@code rx_freq} on sample 0. The header is read when the graph starts.
 */
@AutoService(BlockFactory.class)
public final class WavSource implements BlockFactory {
    static final int CHUNK_FRAMES = 1 << 14;

    @Override
    public String id() {
        return "wav_source";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype type = StreamType.dtype(setup, Dtype.CF32, Dtype.F32);
        int outputs = type == Dtype.CF32 ? 1 : setup.integer("channels");
        return new Player(setup.instanceId(), setup.path("file"), type == Dtype.CF32, outputs, setup.bool("swap_iq"),
                setup.bool("repeat"));
    }

    static final class Player implements Block {
        private final String instance;
        private final Path path;
        private final boolean iq;
        private final int outputs;
        private final boolean swap;
        private final boolean repeat;
        private WavHeader header;
        private FileChannel file;
        private ByteBuffer buffer;
        private float[] frames;
        private long frame;
        private boolean tagged;

        Player(String instance, Path path, boolean iq, int outputs, boolean swap, boolean repeat) {
            this.instance = instance;
            this.path = path;
            this.iq = iq;
            this.outputs = outputs;
            this.swap = swap;
            this.repeat = repeat;
        }

        @Override
        public void start() throws IOException {
            FileSource.checkReadable(path);
            header = WavHeader.read(path);
            int wanted = iq ? 2 : outputs;
            if (header.channels() != wanted) {
                throw new IllegalArgumentException("wav_source '" + instance + "': " + path.getFileName() + " has "
                        + header.channels() + " channel(s); " + (iq ? "an I/Q WAV has 2 (I left, Q right)"
                        : "set Channels to " + header.channels() + " (one output each)"));
            }
            if (repeat && header.frames() == 0) {
                throw new IllegalArgumentException("wav_source '" + instance + "': cannot repeat " + path
                        + ": it holds no samples");
            }
            buffer = ByteBuffer.allocate(CHUNK_FRAMES * header.frameBytes());
            frames = new float[CHUNK_FRAMES * header.channels()];
            file = FileChannel.open(path, StandardOpenOption.READ);
        }

        @Override
        public WorkResult work(WorkIo io) throws IOException {
            int space = Integer.MAX_VALUE;
            for (int o = 0; o < outputs; o++) {
                space = Math.min(space, io.out(o).space());
            }
            if (frame == header.frames() && repeat) {
                frame = 0;
            }
            int n = (int) Math.min(Math.min(space, CHUNK_FRAMES), header.frames() - frame);
            if (n == 0) {
                return frame == header.frames() ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            read(n);
            header.encoding().decode(buffer, frames, 0, n * header.channels());
            if (!tagged) {
                tagged = true;
                for (int o = 0; o < outputs; o++) {
                    OutputView out = io.out(o);
                    out.addTag(out.position(), SigmfTags.RATE, (double) header.sampleRate());
                    if (!Double.isNaN(header.centerFrequency())) {
                        out.addTag(out.position(), SigmfTags.FREQ, header.centerFrequency());
                    }
                }
            }
            if (iq) {
                OutputView out = io.out(0);
                float[] dst = out.floats();
                int off = out.offset();
                int i0 = swap ? 1 : 0;
                for (int k = 0; k < n; k++) {
                    dst[off + 2 * k] = frames[2 * k + i0];
                    dst[off + 2 * k + 1] = frames[2 * k + 1 - i0];
                }
            } else {
                int ch = header.channels();
                for (int o = 0; o < outputs; o++) {
                    OutputView out = io.out(o);
                    float[] dst = out.floats();
                    int off = out.offset();
                    for (int k = 0; k < n; k++) {
                        dst[off + k] = frames[k * ch + o];
                    }
                }
            }
            frame += n;
            io.produceEach(n);
            return WorkResult.CONTINUE;
        }

        private void read(int n) throws IOException {
            buffer.clear().limit(n * header.frameBytes());
            long at = header.dataOffset() + frame * header.frameBytes();
            while (buffer.hasRemaining()) {
                if (file.read(buffer, at + buffer.position()) < 0) {
                    throw new IOException("wav_source: " + path + " became shorter while reading");
                }
            }
            buffer.flip();
        }

        @Override
        public void stop() throws IOException {
            if (file != null) {
                file.close();
                file = null;
            }
        }
    }
}
