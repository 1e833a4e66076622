package org.sigflow.blocks.sinks;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;
import org.sigflow.wav.WavEncoding;
import org.sigflow.wav.WavHeader;

/**
 * {@code wav_sink}: writes a WAV file — one channel per f32 input, or a cf32 input as a stereo I/Q WAV (I left) with
 * an SDR#-style {@code auxi} chunk carrying the centre frequency. The sizes in the header are patched when the graph
 * stops (also after a failure), so the file is always playable; WAV's 4 GiB limit stops the graph with a message.
 */
@AutoService(BlockFactory.class)
public final class WavSink implements BlockFactory {
    static final int CHUNK_FRAMES = 1 << 14;
    /** RIFF sizes are 32-bit: the data may not pass this. */
    static final long MAX_DATA = 0xFFFFFFFFL - 200;

    @Override
    public String id() {
        return "wav_sink";
    }

    @Override
    public Block create(BlockSetup setup) throws IOException {
        Path path = setup.path("file");
        FileSink.checkWritable(path);
        Dtype type = StreamType.dtype(setup, Dtype.CF32, Dtype.F32);
        WavEncoding enc = WavEncoding.byId(setup.string("format"));
        long rate = Math.round(setup.real("samp_rate"));
        if (rate < 1 || rate > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("wav_sink '" + setup.instanceId() + "': a WAV sample rate is a whole "
                    + "number of Hz from 1 to 4294967295, not " + setup.real("samp_rate"));
        }
        boolean iq = type == Dtype.CF32;
        double centre = iq && setup.real("center_freq") != 0 ? setup.real("center_freq") : Double.NaN;
        return new Writer(path, enc, iq ? 2 : setup.integer("channels"), iq, rate, centre);
    }

    static final class Writer implements Block {
        private final Path path;
        private final WavEncoding enc;
        private final int channels;
        private final boolean iq;
        private final long rate;
        private final double centre;
        private final float[] frames;
        private final ByteBuffer buffer;
        private FileChannel file;
        private long headerBytes;
        private long dataBytes;

        Writer(Path path, WavEncoding enc, int channels, boolean iq, long rate, double centre) {
            this.path = path;
            this.enc = enc;
            this.channels = channels;
            this.iq = iq;
            this.rate = rate;
            this.centre = centre;
            this.frames = new float[CHUNK_FRAMES * channels];
            this.buffer = ByteBuffer.allocate(CHUNK_FRAMES * channels * enc.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        }

        @Override
        public void start() throws IOException {
            try {
                file = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING);
            } catch (IOException e) {
                throw new IOException("wav_sink: cannot open '" + path + "' for writing: " + e.getMessage(), e);
            }
            ByteBuffer h = header();
            headerBytes = h.remaining();
            write(h);
        }

        private ByteBuffer header() {
            return WavHeader.build(enc, channels, rate, centre, dataBytes, Instant.now());
        }

        @Override
        public WorkResult work(WorkIo io) throws IOException {
            int inputs = io.inputCount();
            int n = CHUNK_FRAMES;
            boolean finished = true;
            for (int i = 0; i < inputs; i++) {
                n = Math.min(n, io.in(i).available());
                finished &= io.in(i).finished();
            }
            if (n == 0) {
                return finished ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            if (dataBytes + (long) n * channels * enc.bytes() > MAX_DATA) {
                throw new IOException("wav_sink: " + path + " reached WAV's 4 GiB limit; record long captures with "
                        + "sigmf_sink");
            }
            if (iq) {
                InputView in = io.in(0);
                System.arraycopy(in.floats(), in.offset(), frames, 0, 2 * n);
            } else {
                for (int c = 0; c < channels; c++) {
                    InputView in = io.in(c);
                    float[] src = in.floats();
                    int off = in.offset();
                    for (int k = 0; k < n; k++) {
                        frames[k * channels + c] = src[off + k];
                    }
                }
            }
            enc.encode(frames, 0, n * channels, buffer);
            buffer.clear().limit(n * channels * enc.bytes());
            write(buffer);
            dataBytes += (long) n * channels * enc.bytes();
            io.consumeEach(n);
            return WorkResult.CONTINUE;
        }

        private void write(ByteBuffer b) throws IOException {
            while (b.hasRemaining()) {
                file.write(b);
            }
        }

        @Override
        public TagPolicy tagPolicy() {
            return TagPolicy.DONT;
        }

        @Override
        public void stop() throws IOException {
            if (file == null) {
                return;
            }
            try {
                if ((dataBytes & 1) == 1) {
                    write(ByteBuffer.allocate(1)); // RIFF pads odd chunks (8-bit mono, 24-bit odd counts)
                }
                ByteBuffer h = header();
                file.position(0);
                write(h);
            } finally {
                file.close();
                file = null;
            }
        }
    }
}
