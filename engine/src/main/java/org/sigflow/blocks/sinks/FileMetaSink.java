package org.sigflow.blocks.sinks;

import com.google.auto.service.AutoService;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import org.sigflow.blocks.common.StreamType;
import org.sigflow.catalog.Dtype;
import org.sigflow.message.Pmt;
import org.sigflow.message.PmtException;
import org.sigflow.message.PmtExpressions;
import org.sigflow.message.TagValues;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockFactory;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * {@code file_meta_sink}: GNU Radio's {@code file_meta_sink}, byte for byte. Items are written raw (little-endian, as
 * GNU Radio on x86) in segments of at most {@code max_seg_size} items, each after a header ({@link FileMetaHeader};
 * detached: all headers in {@code FILE.hdr}). A tag ends the segment before it and changes the header: {@code rx_rate}
 * (times the relative rate) and {@code rx_time} replace theirs, any other key goes into the extra dict. A full
 * segment's successor advances {@code rx_time} by its duration. Each header is rewritten with its segment's byte
 * count when the segment ends, as GNU Radio does by seeking back.
 */
public final class FileMetaSink implements Block {
    private static final Pmt BYTES = FileMetaHeader.key("bytes");
    private static final Pmt STRT = FileMetaHeader.key("strt");
    private static final Pmt RX_RATE = FileMetaHeader.key("rx_rate");
    private static final Pmt RX_TIME = FileMetaHeader.key("rx_time");

    private final Path path;
    private final Dtype.Storage storage;
    private final int elementsPerItem;
    private final int itemBytes;
    private final double relativeRate;
    private final long maxSegment;
    private final boolean detached;
    private double sampleRate;
    private Pmt.Dict header;
    private Pmt.Dict extra;
    private FileChannel data;
    private FileChannel headers;
    /** Items in the current segment. */
    private long segment;

    FileMetaSink(Path path, Dtype dtype, int vlen, double sampleRate, double relativeRate, long maxSegment,
                 Pmt.Dict extraDict, boolean detached) {
        this.path = path;
        this.storage = dtype.storage();
        this.elementsPerItem = dtype.components() * vlen;
        this.itemBytes = dtype.bytes() * vlen;
        this.sampleRate = sampleRate;
        this.relativeRate = relativeRate;
        this.maxSegment = maxSegment;
        this.detached = detached;
        Pmt.Dict e = Pmt.Dict.EMPTY;
        for (Pmt.Entry entry : extraDict.entries()) {
            e = e.with(entry.key(), entry.value());        // GNU Radio re-adds them: the order reverses
        }
        extra = e;
        header = FileMetaHeader.initial(sampleRate, itemBytes, FileMetaHeader.fileType(dtype), dtype.components() == 2,
                FileMetaHeader.bytes(extra).length);
    }

    @Override
    public void start() throws IOException {
        FileSink.checkWritable(path, "file_meta_sink");
        if (detached) {
            headers = FileSink.open(Path.of(path + ".hdr"), false, "file_meta_sink");
        }
        data = FileSink.open(path, false, "file_meta_sink");
        writeHeader();
    }

    private FileChannel headerChannel() {
        return detached ? headers : data;
    }

    private void writeHeader() throws IOException {
        byte[] h = FileMetaHeader.bytes(header);
        if (h.length != FileMetaHeader.SIZE) {
            throw new IOException("file_meta_sink: a header of " + h.length + " bytes, GNU Radio's has "
                    + FileMetaHeader.SIZE + " (a tag changed rx_rate or rx_time to another PMT type)");
        }
        write(headerChannel(), ByteBuffer.wrap(h));
        write(headerChannel(), ByteBuffer.wrap(FileMetaHeader.bytes(extra)));
    }

    private void write(FileChannel ch, ByteBuffer b) throws IOException {
        try {
            while (b.hasRemaining()) {
                ch.write(b);
            }
        } catch (IOException e) {
            throw new IOException("file_meta_sink: writing '" + path + "' failed: " + e.getMessage(), e);
        }
    }

    private void updateHeader(Pmt key, Pmt value) {
        if (key.equals(RX_RATE) && value instanceof Pmt.Real r) {
            sampleRate = r.value();
            value = Pmt.of(sampleRate * relativeRate);
        }
        if (header.get(key) != null) {
            header = header.with(key, value);
        } else {
            extra = extra.with(key, value);
        }
    }

    private long extraBytes() {
        return FileMetaHeader.bytes(extra).length;
    }

    /** Rewrites the current segment's header with its byte count (GNU Radio's {@code update_last_header}). */
    private void updateLastHeader() throws IOException {
        long headerLength = ((Pmt.UInt64) header.get(STRT)).bits();
        long segmentBytes = segment * itemBytes;
        updateHeader(BYTES, new Pmt.UInt64(segmentBytes));
        updateHeader(STRT, new Pmt.UInt64(FileMetaHeader.SIZE + extraBytes()));
        FileChannel ch = headerChannel();
        long end = ch.position();
        ch.position(end - headerLength - (detached ? 0 : segmentBytes));
        writeHeader();
        if (!detached) {
            ch.position(ch.position() + segmentBytes);
        }
    }

    private void updateRxTime() {
        Pmt.Tuple t = (Pmt.Tuple) header.get(RX_TIME);
        long secs = ((Pmt.UInt64) t.items().get(0)).bits();
        double fracs = ((Pmt.Real) t.items().get(1)).value();
        fracs += segment / (sampleRate * relativeRate);
        long whole = (long) fracs;
        secs += whole;
        fracs -= whole;
        header = header.with(RX_TIME, new Pmt.Tuple(List.of(new Pmt.UInt64(secs), Pmt.of(fracs))));
    }

    /** Starts a new segment: header with no bytes yet (GNU Radio's {@code write_and_update}). */
    private void writeAndUpdate() throws IOException {
        updateHeader(BYTES, new Pmt.UInt64(0));
        updateHeader(STRT, new Pmt.UInt64(FileMetaHeader.SIZE + extraBytes()));
        writeHeader();
    }

    @Override
    public WorkResult work(WorkIo io) throws IOException {
        InputView in = io.in(0);
        int n = in.available();
        if (n == 0) {
            return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        long first = in.position();
        int written = 0;
        for (Tag tag : in.tags(n)) {
            int at = (int) (tag.offset() - first);
            while (written < at) {
                int count = (int) Math.min(maxSegment - segment, at - written);
                writeItems(in, written, count);
                written += count;
                segment += count;
                if (segment == maxSegment && written < at) {
                    nextSegment();
                }
            }
            Pmt value = TagValues.toPmt(tag.value());
            if (segment > 0) {
                updateLastHeader();
                updateHeader(Pmt.symbol(tag.key()), value);
                writeAndUpdate();
                segment = 0;
            } else {
                updateHeader(Pmt.symbol(tag.key()), value);
                updateLastHeader();
            }
        }
        while (written < n) {
            int count = (int) Math.min(maxSegment - segment, n - written);
            writeItems(in, written, count);
            written += count;
            segment += count;
            if (segment == maxSegment) {
                nextSegment();
            }
        }
        io.consume(0, n);
        return WorkResult.CONTINUE;
    }

    private void nextSegment() throws IOException {
        updateLastHeader();
        updateRxTime();
        writeAndUpdate();
        segment = 0;
    }

    private void writeItems(InputView in, int from, int count) throws IOException {
        int elements = count * elementsPerItem;
        int start = in.offset() + from * elementsPerItem;
        ByteBuffer b = ByteBuffer.allocate(count * itemBytes).order(ByteOrder.LITTLE_ENDIAN);
        switch (storage) {
            case FLOAT -> b.asFloatBuffer().put(in.floats(), start, elements);
            case SHORT -> b.asShortBuffer().put(in.shorts(), start, elements);
            case INT -> b.asIntBuffer().put(in.ints(), start, elements);
            case BYTE -> b.put(in.bytes(), start, elements).flip();
        }
        b.position(0).limit(count * itemBytes);
        write(data, b);
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public void stop() throws IOException {
        try {
            if (headerChannel() != null) {
                updateLastHeader();
            }
        } finally {
            if (data != null) {
                data.close();
            }
            if (headers != null) {
                headers.close();
            }
            data = null;
            headers = null;
        }
    }

    @AutoService(BlockFactory.class)
    public static final class Factory implements BlockFactory {
        @Override
        public String id() {
            return "file_meta_sink";
        }

        @Override
        public Block create(BlockSetup s) throws IOException {
            Path path = s.path("file");
            FileSink.checkWritable(path, "file_meta_sink");
            long maxSeg = s.integer("max_seg_size");
            if (maxSeg < 1) {
                throw new IllegalArgumentException("file_meta_sink: max_seg_size must be >= 1, got " + maxSeg);
            }
            Pmt extra;
            try {
                extra = PmtExpressions.parse(s.string("extra_dict"));
            } catch (PmtException e) {
                throw new IllegalArgumentException("file_meta_sink: extra_dict: " + e.getMessage());
            }
            if (!(extra instanceof Pmt.Dict d)) {
                throw new IllegalArgumentException("file_meta_sink: extra_dict must be a dict (pmt.make_dict()), got "
                        + s.string("extra_dict"));
            }
            return new FileMetaSink(path, StreamType.dtype(s), StreamType.vlen(s), s.real("samp_rate"),
                    s.real("rel_rate"), maxSeg, d, s.bool("detached"));
        }
    }
}
