package org.sigflow.blocks.sources;

import com.google.auto.service.AutoService;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;
import org.sigflow.sigmf.SigmfRecording;
import org.sigflow.sigmf.SigmfTags;

/**
 * {@code sigmf_source}: plays a SigMF recording ({@code .sigmf-meta} + {@code .sigmf-data}, or a {@code .sigmf}
 * archive), any 1.x datatype, one channel of it, with its captures and annotations as stream tags
 * ({@link SigmfTags}). The recording is opened and checked when the graph starts, before the first sample: bad
 * metadata or a truncated data file stop the graph at once, with the problem located.
 */
@AutoService(BlockFactory.class)
public final class SigmfSource implements BlockFactory {
    static final int CHUNK_BYTES = 1 << 18;

    @Override
    public String id() {
        return "sigmf_source";
    }

    @Override
    public Block create(BlockSetup setup) {
        Dtype type = StreamType.dtype(setup, Dtype.CF32, Dtype.F32);
        // The recording is opened in start(): a graph can be built (and checked) before the file exists.
        return new Player(setup.instanceId(), setup.path("file"), type, setup.integer("channel"),
                setup.bool("repeat"));
    }

    /** Opens and checks the recording against the block's params; messages name the block instance. */
    static SigmfRecording open(String instance, Path file, Dtype type, int channel, boolean repeat) throws Exception {
        SigmfRecording rec = SigmfRecording.open(file);
        boolean complex = rec.meta().datatype().complex();
        if (complex != (type == Dtype.CF32)) {
            throw new IllegalArgumentException("sigmf_source '" + instance + "': the recording holds "
                    + rec.meta().datatype().id() + " (" + (complex ? "complex" : "real") + ") samples; set Output "
                    + "Type to " + (complex ? "cf32" : "f32"));
        }
        if (channel < 0 || channel >= rec.meta().numChannels()) {
            throw new IllegalArgumentException("sigmf_source '" + instance + "': channel " + channel
                    + " does not exist; the recording has " + rec.meta().numChannels() + " channel(s), 0 to "
                    + (rec.meta().numChannels() - 1));
        }
        if (repeat && rec.samples() == 0) {
            throw new IllegalArgumentException("sigmf_source '" + instance + "': cannot repeat an empty recording ("
                    + rec.source() + ")");
        }
        return rec;
    }

    static final class Player implements Block {
        private final String instance;
        private final Path path;
        private final Dtype type;
        private final int channel;
        private final boolean repeat;
        private SigmfRecording rec;
        private List<Tag> tags;
        private int frameBytes;
        private int comps;
        private ByteBuffer buffer;
        private float[] frame;
        private FileChannel file;
        private long sample; // within the recording
        private int nextTag;

        Player(String instance, Path path, Dtype type, int channel, boolean repeat) {
            this.instance = instance;
            this.path = path;
            this.type = type;
            this.channel = channel;
            this.repeat = repeat;
        }

        @Override
        public void start() throws Exception {
            rec = open(instance, path, type, channel, repeat);
            this.tags = SigmfTags.tagsOf(rec.meta());
            this.comps = rec.meta().datatype().components();
            this.frameBytes = rec.meta().datatype().bytesPerSample() * rec.meta().numChannels();
            int frames = Math.max(1, CHUNK_BYTES / frameBytes);
            this.buffer = ByteBuffer.allocate(frames * frameBytes).order(ByteOrder.LITTLE_ENDIAN);
            this.frame = new float[frames * comps * rec.meta().numChannels()];
            file = FileChannel.open(rec.dataFile(), StandardOpenOption.READ);
        }

        @Override
        public WorkResult work(WorkIo io) throws Exception {
            OutputView out = io.out(0);
            int wanted = Math.min(out.space(), buffer.capacity() / frameBytes);
            int produced = 0;
            while (produced < wanted) {
                if (sample == rec.samples()) {
                    if (!repeat) {
                        break;
                    }
                    sample = 0;
                    nextTag = 0;
                }
                int n = (int) Math.min(wanted - produced, rec.samples() - sample);
                read(n);
                emitTags(out, out.position() + produced, n);
                copyChannel(out.floats(), out.offset() + produced * comps, n);
                sample += n;
                produced += n;
            }
            if (produced == 0) {
                return wanted > 0 ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            io.produce(0, produced);
            return WorkResult.CONTINUE;
        }

        private void read(int frames) throws java.io.IOException {
            buffer.clear().limit(frames * frameBytes);
            long at = rec.dataOffset() + sample * frameBytes;
            while (buffer.hasRemaining()) {
                if (file.read(buffer, at + buffer.position()) < 0) {
                    throw new java.io.IOException("sigmf_source: " + rec.dataFile() + " became shorter while reading");
                }
            }
            buffer.flip();
        }

        private void copyChannel(float[] dst, int off, int frames) {
            int channels = rec.meta().numChannels();
            if (channels == 1) {
                rec.meta().datatype().decode(buffer, dst, off, frames * comps);
                return;
            }
            rec.meta().datatype().decode(buffer, frame, 0, frames * comps * channels);
            for (int i = 0; i < frames; i++) {
                System.arraycopy(frame, (i * channels + channel) * comps, dst, off + i * comps, comps);
            }
        }

        /** Tags on recording samples [sample, sample + n), placed at stream offset {@code streamAt}. */
        private void emitTags(OutputView out, long streamAt, int n) {
            while (nextTag < tags.size() && tags.get(nextTag).offset() < sample + n) {
                Tag t = tags.get(nextTag++);
                if (t.offset() >= sample) {
                    out.addTag(streamAt + (t.offset() - sample), t.key(), t.value());
                }
            }
        }

        @Override
        public void stop() throws Exception {
            if (file != null) {
                file.close();
                file = null;
            }
        }
    }
}
